import type { LocaleCode } from '@catalogue/dataset/model';
import Link from 'next/link';
import type { ProductDetail } from '../data/product-shapes';
import { AddToProjectButton } from '../projects/add-to-project-button';
import type { AddToProjectSetup } from '../projects/project-texts';
import { productPath } from '../routing/catalogue-paths';
import { withRegisteredMark } from '../text/registered-mark';

interface RelatedProductsProps {
  locale: LocaleCode;
  products: ProductDetail[];
  numberLabel: string;
  /** Each card's add-to-project button (`addToProjectSetup`). */
  addToProject: AddToProjectSetup;
}

/** Other SKUs of the series (sizes, lengths, packs) as cards: each linked to its page, with add to project. */
export function RelatedProducts({ locale, products, numberLabel, addToProject }: RelatedProductsProps) {
  return (
    <ul className="related-products">
      {products.map((product) => (
        <li key={product.id} className="related-products__item">
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
