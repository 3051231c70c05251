import type { LocaleCode } from '@catalogue/dataset/model';
import { LocaleLink, LocaleMenuCloser } from './locale-link';

export interface LocaleOption {
  code: LocaleCode;
  nativeName: string;
}

/** A region with the languages the site offers there. */
export interface RegionOption {
  region: string;
  /** The region's name in the page's language. */
  name: string;
  locales: LocaleOption[];
}

interface LocaleSwitcherProps {
  current: LocaleCode;
  regions: RegionOption[];
  /** Accessible name of the navigation landmark, e.g. "Language and region". */
  label: string;
  /** Read before the current locale on the toggle, e.g. "Choose language and region". */
  toggleLabel: string;
}

/**
 * The language-and-region menu: a disclosure listing each region (its name in the page's language) with
 * the languages offered there, each a plain link to the same page in that locale (spec §9 routing rules:
 * `/fr-ca/x` ↔ `/x` ↔ `/de-eu/x`). A server component; only each link is a client component
 * (`LocaleLink`), to read the current path, which the shared layout does not receive and which changes on
 * client-side navigation; the server renders the same links, so it works without JavaScript.
 * The links are full page loads on purpose: the whole document, `<html lang>` included, changes locale.
 * With JavaScript, Escape and moving focus away also close the menu (`LocaleMenuCloser`).
 */
export function LocaleSwitcher({ current, regions, label, toggleLabel }: LocaleSwitcherProps) {
  const currentName =
    regions.flatMap((region) => region.locales).find((option) => option.code === current)?.nativeName ??
    current;
  return (
    <nav className="locale-switcher" aria-label={label}>
      <details>
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
          {regions.map((region) => (
            <li key={region.region} className="locale-switcher__region">
              <span className="locale-switcher__region-name" id={`locale-region-${region.region}`}>
                {region.name}
              </span>
              <ul aria-labelledby={`locale-region-${region.region}`}>
                {region.locales.map((option) => (
                  <li key={option.code}>
                    <LocaleLink code={option.code} current={option.code === current}>
                      {option.nativeName}
                    </LocaleLink>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </details>
      <LocaleMenuCloser />
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
