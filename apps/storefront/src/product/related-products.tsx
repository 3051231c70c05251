import type { LocaleCode } from '@catalogue/dataset/model';
import Link from 'next/link';
import type { ProductDetail } from '../data/product-shapes';
import { productPath } from '../routing/catalogue-paths';
import { withRegisteredMark } from '../text/registered-mark';

interface RelatedProductsProps {
  locale: LocaleCode;
  products: ProductDetail[];
  numberLabel: string;
}

/** Other SKUs of the series (sizes, lengths, packs), each linked to its page. */
export function RelatedProducts({ locale, products, numberLabel }: RelatedProductsProps) {
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
        </li>
      ))}
    </ul>
  );
}
