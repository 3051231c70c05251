import type { LocaleCode, Region } from '@catalogue/dataset/model';
import type { Translate } from '../i18n/translator';
import { localizedPath } from '../routing/locales';
import type { RepSearch } from './search-params';

interface RepSearchFormProps {
  locale: LocaleCode;
  search: RepSearch;
  /** The regions to choose from, with their names in the page's language. */
  regions: { code: Region; name: string }[];
  /** The id of the error message about the postal code, when one is shown. */
  errorId: string | null;
  t: Translate;
}

/** The rep locator's GET form: the search lives in the URL, so it can be shared and needs no JavaScript. */
export function RepSearchForm({ locale, search, regions, errorId, t }: RepSearchFormProps) {
  return (
    <search className="rep-search" aria-label={t('nav.repLocator')}>
      <form className="rep-search__form" action={localizedPath(locale, '/rep-locator')} method="get">
        <div className="form-field">
          <label className="form-field__label" htmlFor="rep-region">
            {t('repLocator.region')}
          </label>
          <select id="rep-region" className="form-field__input" name="region" defaultValue={search.region}>
            {regions.map((region) => (
              <option key={region.code} value={region.code}>
                {region.name}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor="rep-postal-code">
            {t('repLocator.postalCode')}
          </label>
          <input
            id="rep-postal-code"
            className="form-field__input"
            type="text"
            name="postalCode"
            autoComplete="postal-code"
            required
            defaultValue={search.postalCode}
            aria-invalid={errorId ? true : undefined}
            aria-describedby={errorId ?? undefined}
          />
        </div>
        <button type="submit" className="button">
          {t('repLocator.search')}
        </button>
      </form>
    </search>
  );
}
