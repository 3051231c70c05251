import type { LocaleCode } from '@catalogue/dataset/model';
import type { Translate } from '../i18n/translator';
import { localizedPath } from '../routing/locales';

interface SearchBoxProps {
  locale: LocaleCode;
  t: Translate;
  /** The field's id, unique on the page (the header's box is `site-search`). */
  id?: string;
  /** The search landmark's name (default: the header's "Search"). */
  label?: string;
  className?: string;
}

/**
 * The header's search form: a GET form to the locale's `/search?q=…`, a labelled search field and a
 * submit button. It works without JavaScript; the results page arrives with step 9.
 */
export function SearchBox({
  locale,
  t,
  id = 'site-search',
  label,
  className = 'search-box',
}: SearchBoxProps) {
  return (
    <search className={className} aria-label={label ?? t('header.search')}>
      <form action={localizedPath(locale, '/search')} method="get">
        <label className="visually-hidden" htmlFor={id}>
          {t('header.search')}
        </label>
        <input
          id={id}
          className="search-box__input"
          type="search"
          name="q"
          placeholder={t('header.searchPlaceholder')}
          autoComplete="off"
          required
        />
        <button type="submit" className="search-box__submit">
          {t('header.search')}
        </button>
      </form>
    </search>
  );
}
