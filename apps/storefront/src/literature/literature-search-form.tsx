import type { Translate } from '../i18n/translator';

/** The hub's search (a GET form, so it works without JavaScript): catalogue number or name. */
export function LiteratureSearchForm({ action, value, t }: { action: string; value: string; t: Translate }) {
  return (
    <form className="literature-search" action={action} method="get">
      <label className="form-field__label" htmlFor="literature-q">
        {t('literature.searchLabel')}
      </label>
      <div className="literature-search__row">
        <input
          id="literature-q"
          className="form-field__input"
          type="search"
          name="q"
          defaultValue={value}
          maxLength={100}
          required
          placeholder={t('literature.searchPlaceholder')}
        />
        <button type="submit" className="button">
          {t('literature.submit')}
        </button>
      </div>
    </form>
  );
}
