import Link from 'next/link';
import { withRegisteredMark } from '../text/registered-mark';
import { CategoryMenuLoader } from './category-menu-loader';

/** A menu entry as the header hands it over: the name and URL, with the levels below it. */
export interface MenuLink {
  id: string;
  name: string;
  href: string;
  children: MenuLink[];
}

interface CategoryMenuProps {
  id?: string;
  /** Accessible name of the navigation, e.g. "Main navigation". */
  label: string;
  categories: MenuLink[];
}

/**
 * The header's sub-category menu (spec §3): a disclosure per top-level category (WAI-ARIA disclosure
 * navigation pattern). The button says whether its panel is open (`aria-expanded`) and names it
 * (`aria-controls`); the panel lists the category itself, its product lines and their families as
 * plain links. One panel is open at a time; Escape closes it and returns focus to its button, and it
 * closes when focus or a click goes elsewhere. Rendered on the server; the behaviour is
 * `category-menu-enhancer.ts`, which `CategoryMenuLoader` loads when the visitor first points at, focuses
 * or clicks the menu (the first click is applied once it has loaded).
 */
export function CategoryMenu({ id, label, categories }: CategoryMenuProps) {
  return (
    <nav id={id} className="main-nav" aria-label={label}>
      <CategoryMenuLoader />
      <ul className="main-nav__list container">
        {categories.map((category) => (
          <li key={category.id} className="main-nav__item">
            <button
              id={buttonId(category.id)}
              type="button"
              className="main-nav__toggle"
              aria-expanded={false}
              aria-controls={panelId(category.id)}
            >
              {withRegisteredMark(category.name)}
              <span className="main-nav__chevron" aria-hidden="true" />
            </button>
            <div id={panelId(category.id)} className="mega-panel" hidden>
              <div className="mega-panel__inner container">
                <p className="mega-panel__overview">
                  <Link href={category.href} prefetch={false}>
                    {withRegisteredMark(category.name)}
                  </Link>
                </p>
                <ul className="mega-panel__lines">
                  {category.children.map((line) => (
                    <li key={line.id}>
                      <Link className="mega-panel__line" href={line.href} prefetch={false}>
                        {withRegisteredMark(line.name)}
                      </Link>
                      {line.children.length > 0 && (
                        <ul className="mega-panel__families">
                          {line.children.map((family) => (
                            <li key={family.id}>
                              <Link href={family.href} prefetch={false}>
                                {withRegisteredMark(family.name)}
                              </Link>
                            </li>
                          ))}
                        </ul>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const buttonId = (id: string) => `menu-button-${id}`;
const panelId = (id: string) => `menu-panel-${id}`;
