import type { LocaleCode } from '@catalogue/dataset/model';
import Link from 'next/link';
import { DrawingImage } from '../components/drawing-image';
import type { ProductDetail } from '../data/product-shapes';
import type { Translate } from '../i18n/translator';
import { AddToProjectButton } from '../projects/add-to-project-button';
import type { AddToProjectSetup } from '../projects/project-texts';
import { productPath } from '../routing/catalogue-paths';
import { withRegisteredMark } from '../text/registered-mark';
import { DRAWING_SIZE, drawingSrc } from './drawing-images';

interface RelatedProductsProps {
  locale: LocaleCode;
  products: ProductDetail[];
  numberLabel: string;
  /** Each card's add-to-project button (`addToProjectSetup`). */
  addToProject: AddToProjectSetup;
  t: Translate;
}

/**
 * Other SKUs of the series (sizes, lengths, packs) as cards: the drawing's thumbnail (decorative: the
 * name next to it says what it is), each linked to its page, with add to project.
 */
export function RelatedProducts({ locale, products, numberLabel, addToProject, t }: RelatedProductsProps) {
  return (
    <ul className="related-products">
      {products.map((product) => (
        <li key={product.id} className="related-products__item">
          <DrawingImage
            className="related-products__drawing drawing-thumb"
            src={drawingSrc(product, 'thumb', locale, t)}
            alt=""
            size={DRAWING_SIZE.card}
          />
          <Link href={productPath(locale, product.id)} prefetch={false} className="related-products__link">
            {withRegisteredMark(product.name)}
          </Link>
          <span className="related-products__number">
            {numberLabel}: {product.id}
          </span>
          <span className="related-products__project">
            <AddToProjectButton
              productId={product.id}
              productName={product.name}
              source="product-card"
              setup={addToProject}
            />
          </span>
        </li>
      ))}
    </ul>
  );
}
