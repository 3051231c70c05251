import Link from 'next/link';
import type { MenuCategory } from '../data/category-menu';
import type { Translate } from '../i18n/translator';

/**
 * The families of the catalog by top category and product line, each linking to its documents: the
 * hub's way in for someone who knows the range rather than a catalogue number.
 */
export function LiteratureFamilies({
  menu,
  documentsHref,
  t,
}: {
  menu: MenuCategory[];
  documentsHref: (familyId: string) => string;
  t: Translate;
}) {
  return (
    <section className="literature-families" aria-labelledby="literature-families-title">
      <h2 id="literature-families-title" className="section__title">
        {t('literature.families')}
      </h2>
      {menu.map((top) => (
        <section key={top.id} className="literature-families__category">
          <h3>{top.name}</h3>
          {top.children.map((line) => (
            <div key={line.id} className="literature-families__line">
              <h4>{line.name}</h4>
              <ul>
                {(line.children.length > 0 ? line.children : [line]).map((family) => (
                  <li key={family.id}>
                    <Link href={documentsHref(family.id)} prefetch={false}>
                      {family.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
    </section>
  );
}
