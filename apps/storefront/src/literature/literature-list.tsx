import type { LocaleCode } from '@catalogue/dataset/model';
import Link from 'next/link';
import type { LoginPromptTexts } from '../auth/login-prompt';
import type { Translate } from '../i18n/translator';
import { Downloads } from '../product/downloads';
import { productPath } from '../routing/catalogue-paths';
import type { LiteraturePage } from './literature-products';

/** The products of a page of the document list, each with its files as the product page offers them. */
export function LiteratureList({
  locale,
  list,
  loginHref,
  prompt,
  t,
}: {
  locale: LocaleCode;
  list: LiteraturePage;
  loginHref: string;
  prompt: LoginPromptTexts;
  t: Translate;
}) {
  return (
    <ul className="literature-list">
      {list.products.map((product) => (
        <li key={product.id} className="literature-list__item panel">
          <p className="literature-list__product">
            <Link href={productPath(locale, product.id)} prefetch={false}>
              <span className="literature-list__sku">{product.id}</span> {product.name}
            </Link>
          </p>
          <Downloads locale={locale} product={product} loginHref={loginHref} prompt={prompt} t={t} />
        </li>
      ))}
    </ul>
  );
}
