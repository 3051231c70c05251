import type { LocaleCode } from '@catalogue/dataset/model';
import Link from 'next/link';
import type { MenuCategory } from '../data/category-menu';
import { categoryPath } from '../routing/catalogue-paths';

/** The catalog's tree as far as the header menu goes: top categories, their product lines and families. */
export function ProductsIndex({ locale, menu }: { locale: LocaleCode; menu: MenuCategory[] }) {
  return (
    <div className="products-index">
      {menu.map((top) => (
        <section key={top.id} className="products-index__category panel" aria-labelledby={`index-${top.id}`}>
          <h2 id={`index-${top.id}`} className="section__title">
            <Link href={categoryPath(locale, top.slugs)} prefetch={false}>
              {top.name}
            </Link>
          </h2>
          <p>{top.description}</p>
          <ul className="products-index__lines">
            {top.children.map((line) => (
              <li key={line.id}>
                <Link href={categoryPath(locale, line.slugs)} prefetch={false}>
                  {line.name}
                </Link>
                {line.children.length > 0 && (
                  <ul className="products-index__families">
                    {line.children.map((family) => (
                      <li key={family.id}>
                        <Link href={categoryPath(locale, family.slugs)} prefetch={false}>
                          {family.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
