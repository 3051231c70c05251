import { QUOTE_STATUSES, type QuoteStatus } from './desk-types';

/**
 * The quote queue's state lives in the URL (a GET form: works without JavaScript, links can be shared):
 * `?status=&region=&company=&rep=&age=&min=&max=&q=&sort=&page=`. `parseQueueQuery` reads any query
 * string into a valid state (unknown values fall back to the defaults, never an error page), `queueSearch`
 * writes it back without defaults, and `queueApiParams` turns it into the commerce service's list grammar
 * (docs/quotes-wire.md "Lists").
 */

/** `open`: everything a rep still has to act on; `all`: every status. */
export const STATUS_CHOICES = ['open', 'all', ...QUOTE_STATUSES] as const;
export type StatusChoice = (typeof STATUS_CHOICES)[number];

export const OPEN_STATUSES: readonly QuoteStatus[] = ['Submitted', 'InReview', 'ChangesRequested'];

export const SORTS = {
  newest: '!DateSubmitted',
  oldest: 'DateSubmitted',
  valueHigh: '!Total',
  valueLow: 'Total',
  updated: '!LastUpdated',
  name: 'Name',
} as const;
export type SortChoice = keyof typeof SORTS;

/** Submitted at least this many days ago. */
export const AGE_CHOICES = [1, 3, 7, 14, 30] as const;

export const QUEUE_PAGE_SIZE = 20;

export interface QueueQuery {
  status: StatusChoice;
  region: string;
  company: string;
  /** `me`, `none` (nobody assigned), a seller user's ID, or '' (anyone). */
  rep: string;
  age: number | null;
  min: string;
  max: string;
  q: string;
  sort: SortChoice;
  page: number;
}

export const DEFAULT_QUEUE: QueueQuery = {
  status: 'open',
  region: '',
  company: '',
  rep: '',
  age: null,
  min: '',
  max: '',
  q: '',
  sort: 'newest',
  page: 1,
};

type RawQuery = Record<string, string | string[] | undefined> | URLSearchParams;

function first(raw: RawQuery, name: string): string {
  const value = raw instanceof URLSearchParams ? raw.get(name) : raw[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

const ID = /^[\w.@-]{1,100}$/;
/** An amount the list filter accepts: not negative, at most four decimals. */
const AMOUNT = /^\d{1,10}(\.\d{1,4})?$/;

export function parseQueueQuery(raw: RawQuery): QueueQuery {
  const status = first(raw, 'status');
  const sort = first(raw, 'sort');
  const age = Number(first(raw, 'age'));
  const page = Number(first(raw, 'page'));
  const pick = (name: string) => {
    const value = first(raw, name);
    return ID.test(value) ? value : '';
  };
  const amount = (name: string) => {
    const value = first(raw, name).replace(',', '.');
    return AMOUNT.test(value) ? value : '';
  };
  return {
    status: (STATUS_CHOICES as readonly string[]).includes(status) ? (status as StatusChoice) : 'open',
    region: pick('region'),
    company: pick('company'),
    rep: pick('rep'),
    age: (AGE_CHOICES as readonly number[]).includes(age) ? age : null,
    min: amount('min'),
    max: amount('max'),
    q: first(raw, 'q').slice(0, 100),
    sort: Object.hasOwn(SORTS, sort) ? (sort as SortChoice) : 'newest',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The query string of a state (leading `?`, or '' for the defaults); only what differs from them. */
export function queueSearch(query: QueueQuery, changes: Partial<QueueQuery> = {}): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  for (const key of Object.keys(DEFAULT_QUEUE) as (keyof QueueQuery)[]) {
    const value = next[key];
    if (value === DEFAULT_QUEUE[key] || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The commerce service's list parameters for a state, `now` fixing what "3 days old" means. */
export function queueApiParams(query: QueueQuery, now: Date): URLSearchParams {
  const params = new URLSearchParams();
  params.set('page', String(query.page));
  params.set('pageSize', String(QUEUE_PAGE_SIZE));
  params.set('sortBy', SORTS[query.sort]);
  if (query.q) params.set('search', query.q);
  if (query.status === 'open') params.set('Status', OPEN_STATUSES.join('|'));
  else if (query.status !== 'all') params.set('Status', query.status);
  if (query.region) params.set('Region', query.region);
  if (query.company) params.set('FromCompanyID', query.company);
  if (query.rep === 'none') params.set('AssignedUserID', '!*');
  else if (query.rep) params.set('AssignedUserID', query.rep);
  if (query.age !== null) {
    const before = new Date(now.getTime() - query.age * 24 * 60 * 60 * 1000);
    params.set('DateSubmitted', `<${before.toISOString()}`);
  }
  if (query.min) params.append('Total', `>=${query.min}`);
  if (query.max) params.append('Total', `<=${query.max}`);
  return params;
}

/** How many filters narrow the list (the search and sort are not filters). */
export function activeFilterCount(query: QueueQuery): number {
  return [
    query.status !== 'open',
    query.region,
    query.company,
    query.rep,
    query.age !== null,
    query.min,
    query.max,
  ].filter(Boolean).length;
}
