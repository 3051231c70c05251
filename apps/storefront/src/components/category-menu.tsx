'use client';

import Link from 'next/link';
import { type FocusEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { withRegisteredMark } from '../text/registered-mark';

/** A menu entry as the header hands it over: the name and URL, with the levels below it. */
export interface MenuLink {
  id: string;
  name: string;
  href: string;
  children: MenuLink[];
}

interface CategoryMenuProps {
  /** Accessible name of the navigation, e.g. "Main navigation". */
  label: string;
  categories: MenuLink[];
}

/**
 * The header's sub-category menu (spec §3): a disclosure per top-level category (WAI-ARIA disclosure
 * navigation pattern). The button says whether its panel is open (`aria-expanded`) and names it
 * (`aria-controls`); the panel lists the category itself, its product lines and their families as
 * plain links. One panel is open at a time; Escape closes it and returns focus to its button, and it
 * closes when focus or a click goes elsewhere.
 */
export function CategoryMenu({ label, categories }: CategoryMenuProps) {
  const [openId, setOpenId] = useState<string | null>(null);
  const nav = useRef<HTMLElement>(null);

  useEffect(() => {
    if (openId === null) return;
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!(event.target instanceof Node && nav.current?.contains(event.target))) setOpenId(null);
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => document.removeEventListener('pointerdown', closeOnOutsideClick);
  }, [openId]);

  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || openId === null) return;
    event.preventDefault();
    nav.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(buttonId(openId))}`)?.focus();
    setOpenId(null);
  };
  const closeWhenFocusLeaves = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (openId !== null && !(next instanceof Node && nav.current?.contains(next))) setOpenId(null);
  };

  return (
    <nav
      ref={nav}
      className="main-nav"
      aria-label={label}
      onKeyDown={closeOnEscape}
      onBlur={closeWhenFocusLeaves}
    >
      <ul className="main-nav__list container">
        {categories.map((category) => {
          const open = openId === category.id;
          return (
            <li key={category.id} className="main-nav__item">
              <button
                id={buttonId(category.id)}
                type="button"
                className="main-nav__toggle"
                aria-expanded={open}
                aria-controls={panelId(category.id)}
                onClick={() => setOpenId(open ? null : category.id)}
              >
                {withRegisteredMark(category.name)}
                <span className="main-nav__chevron" aria-hidden="true" />
              </button>
              <div id={panelId(category.id)} className="mega-panel" hidden={!open}>
                <div className="mega-panel__inner container">
                  <p className="mega-panel__overview">
                    <Link href={category.href} prefetch={false} onClick={() => setOpenId(null)}>
                      {withRegisteredMark(category.name)}
                    </Link>
                  </p>
                  <ul className="mega-panel__lines">
                    {category.children.map((line) => (
                      <li key={line.id}>
                        <Link
                          className="mega-panel__line"
                          href={line.href}
                          prefetch={false}
                          onClick={() => setOpenId(null)}
                        >
                          {withRegisteredMark(line.name)}
                        </Link>
                        {line.children.length > 0 && (
                          <ul className="mega-panel__families">
                            {line.children.map((family) => (
                              <li key={family.id}>
                                <Link href={family.href} prefetch={false} onClick={() => setOpenId(null)}>
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
          );
        })}
      </ul>
    </nav>
  );
}

const buttonId = (id: string) => `menu-button-${id}`;
const panelId = (id: string) => `menu-panel-${id}`;
