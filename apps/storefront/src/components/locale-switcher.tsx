'use client';

import type { LocaleCode } from '@catalogue/dataset/model';
import { usePathname } from 'next/navigation';
import { type FocusEvent, type KeyboardEvent, useRef } from 'react';
import { switchLocalePath } from '../routing/locales';

export interface LocaleOption {
  code: LocaleCode;
  nativeName: string;
}

interface LocaleSwitcherProps {
  current: LocaleCode;
  options: LocaleOption[];
  /** Accessible name of the navigation landmark, e.g. "Language and region". */
  label: string;
  /** Read before the current locale on the toggle, e.g. "Choose language and region". */
  toggleLabel: string;
}

/**
 * The language-and-region menu: a disclosure of plain links to the same page in each locale. It is a
 * client component only to read the current path, which the shared layout does not receive and which
 * changes on client-side navigation; the server renders the same links, so it works without JavaScript.
 * The links are full page loads on purpose: the whole document, `<html lang>` included, changes locale.
 * With JavaScript, Escape and moving focus away also close the menu.
 */
export function LocaleSwitcher({ current, options, label, toggleLabel }: LocaleSwitcherProps) {
  const pathname = usePathname() ?? '/';
  const currentName = options.find((option) => option.code === current)?.nativeName ?? current;
  const details = useRef<HTMLDetailsElement>(null);
  const closeOnEscape = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== 'Escape' || !details.current?.open) return;
    details.current.open = false;
    details.current.querySelector('summary')?.focus();
  };
  const closeWhenFocusLeaves = (event: FocusEvent<HTMLDetailsElement>) => {
    const next = event.relatedTarget;
    if (details.current?.open && !(next instanceof Node && details.current.contains(next))) {
      details.current.open = false;
    }
  };
  return (
    <nav className="locale-switcher" aria-label={label}>
      <details ref={details} onKeyDown={closeOnEscape} onBlur={closeWhenFocusLeaves}>
        <summary>
          <GlobeIcon />
          <span className="visually-hidden">{toggleLabel}: </span>
          <span className="locale-switcher__name" lang={current}>
            {currentName}
          </span>
          <span className="locale-switcher__code" aria-hidden="true">
            {current}
          </span>
        </summary>
        <ul className="locale-switcher__menu">
          {options.map((option) => (
            <li key={option.code}>
              <a
                href={switchLocalePath(pathname, option.code)}
                lang={option.code}
                hrefLang={option.code}
                aria-current={option.code === current ? 'true' : undefined}
              >
                {option.nativeName}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}

function GlobeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="1.75">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.6 3.75 5.6 3.75 9S14.5 18.4 12 21c-2.5-2.6-3.75-5.6-3.75-9S9.5 5.6 12 3z" />
      </g>
    </svg>
  );
}
