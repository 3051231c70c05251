import type { LocaleCode } from '@catalogue/dataset/model';
import type { Translate } from '../i18n/translator';
import { localizedPath } from '../routing/locales';
import { SearchPreviewLoader } from '../search/search-preview-loader';

interface SearchBoxProps {
  locale: LocaleCode;
  t: Translate;
  /** The field's id, unique on the page (the header's box is `site-search`). */
  id?: string;
  /** The search landmark's name (default: the header's "Search"). */
  label?: string;
  className?: string;
  /** The preview search (suggestions and products as you type): the header's box. */
  preview?: boolean;
}

/**
 * The header's search form: a GET form to the locale's `/search?q=…`, a labelled search field and a
 * submit button. It works without JavaScript; with it, the header's field becomes a combobox showing
 * the preview search on its first focus (`search/search-preview-loader.tsx`, loaded on demand).
 */
export function SearchBox({
  locale,
  t,
  id = 'site-search',
  label,
  className = 'search-box',
  preview = false,
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
        {preview && (
          <SearchPreviewLoader
            id={id}
            locale={locale}
            texts={{
              suggestions: t('search.suggestions'),
              products: t('search.products'),
              noResults: t('search.previewNoResults'),
              loading: t('search.loading'),
              catalogueNumber: t('product.catalogueNumber'),
            }}
          />
        )}
        <button type="submit" className="search-box__submit">
          {t('header.search')}
        </button>
      </form>
    </search>
  );
}
