import type { Translate } from '../i18n/translator';
import type { Named } from './desk-directory';
import { keyPart } from './desk-types';
import { AGE_CHOICES, activeFilterCount, type QueueQuery, SORTS, STATUS_CHOICES } from './queue-query';

/**
 * The queue's filters, search and sort: a GET form, so the state is the URL (no JavaScript needed, links
 * can be shared); submitting starts again at page 1.
 */
export function QueueFilters({
  query,
  action,
  companies,
  reps,
  regions,
  t,
}: {
  query: QueueQuery;
  action: string;
  companies: Named[];
  reps: Named[];
  regions: Named[];
  t: Translate;
}) {
  const active = activeFilterCount(query);
  // A company or rep named by the URL but not in the lists (beyond the first 100) still shows as chosen.
  const withChosen = (list: Named[], id: string) =>
    id && !list.some((x) => x.id === id) ? [...list, { id, label: id }] : list;
  return (
    <form className="panel desk-filters" method="get" action={action} aria-label={t('quoteDesk.filters')}>
      <div className="desk-filters__search form-field">
        <label className="form-field__label" htmlFor="queue-q">
          {t('quoteDesk.search')}
        </label>
        <input
          id="queue-q"
          name="q"
          type="search"
          className="form-field__input"
          defaultValue={query.q}
          maxLength={100}
        />
      </div>
      <Select
        id="queue-status"
        name="status"
        label={t('quoteDesk.status')}
        value={query.status}
        options={STATUS_CHOICES.map((s) => ({ id: s, label: t(`quoteDesk.status.${keyPart(s)}`) }))}
      />
      <Select
        id="queue-region"
        name="region"
        label={t('sales.region')}
        value={query.region}
        options={[{ id: '', label: t('quoteDesk.any') }, ...withChosen(regions, query.region)]}
      />
      <Select
        id="queue-company"
        name="company"
        label={t('sales.company')}
        value={query.company}
        options={[{ id: '', label: t('quoteDesk.any') }, ...withChosen(companies, query.company)]}
      />
      <Select
        id="queue-rep"
        name="rep"
        label={t('quoteDesk.assignee')}
        value={query.rep}
        options={[
          { id: '', label: t('quoteDesk.any') },
          { id: 'me', label: t('quoteDesk.rep.me') },
          { id: 'none', label: t('quoteDesk.rep.none') },
          ...withChosen(reps, ['me', 'none'].includes(query.rep) ? '' : query.rep),
        ]}
      />
      <Select
        id="queue-age"
        name="age"
        label={t('quoteDesk.age')}
        value={query.age === null ? '' : String(query.age)}
        options={[
          { id: '', label: t('quoteDesk.any') },
          ...AGE_CHOICES.map((d) => ({ id: String(d), label: t('quoteDesk.ageAtLeast', { days: d }) })),
        ]}
      />
      <div className="form-field desk-field--narrow">
        <label className="form-field__label" htmlFor="queue-min">
          {t('quoteDesk.valueMin')}
        </label>
        <input
          id="queue-min"
          name="min"
          inputMode="decimal"
          className="form-field__input"
          defaultValue={query.min}
          maxLength={16}
        />
      </div>
      <div className="form-field desk-field--narrow">
        <label className="form-field__label" htmlFor="queue-max">
          {t('quoteDesk.valueMax')}
        </label>
        <input
          id="queue-max"
          name="max"
          inputMode="decimal"
          className="form-field__input"
          defaultValue={query.max}
          maxLength={16}
        />
      </div>
      <Select
        id="queue-sort"
        name="sort"
        label={t('quoteDesk.sort')}
        value={query.sort}
        options={Object.keys(SORTS).map((s) => ({ id: s, label: t(`quoteDesk.sort.${s}`) }))}
      />
      <div className="desk-filters__actions">
        <button type="submit" className="button">
          {t('quoteDesk.apply')}
        </button>
        {(active > 0 || query.q || query.sort !== 'newest') && <a href={action}>{t('quoteDesk.clear')}</a>}
      </div>
    </form>
  );
}

function Select({
  id,
  name,
  label,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: Named[];
}) {
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} className="form-field__input" defaultValue={value}>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
