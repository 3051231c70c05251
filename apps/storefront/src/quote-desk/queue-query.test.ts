import { describe, expect, it } from 'vitest';
import { DEFAULT_QUEUE, parseQueueQuery, queueApiParams, queueSearch } from './queue-query';

describe('quote queue URL state', () => {
  it('reads an empty query as the defaults and writes the defaults as no query', () => {
    expect(parseQueueQuery({})).toEqual(DEFAULT_QUEUE);
    expect(queueSearch(DEFAULT_QUEUE)).toBe('');
  });

  it('round-trips every filter, the search, the sort and the page', () => {
    const query = parseQueueQuery(
      new URLSearchParams(
        'status=Quoted&region=US&company=ACME-US&rep=me&age=7&min=100&max=2500.5&q=EMT-050&sort=valueHigh&page=3',
      ),
    );
    expect(query).toEqual({
      status: 'Quoted',
      region: 'US',
      company: 'ACME-US',
      rep: 'me',
      age: 7,
      min: '100',
      max: '2500.5',
      q: 'EMT-050',
      sort: 'valueHigh',
      page: 3,
    });
    expect(parseQueueQuery(new URLSearchParams(queueSearch(query).slice(1)))).toEqual(query);
  });

  it('falls back to the default for values it does not know', () => {
    const query = parseQueueQuery({
      status: 'Bogus',
      sort: 'DROP',
      age: '5',
      page: '-2',
      min: '-3',
      max: '1e9',
      company: 'a b;c',
      rep: ['me', 'other'],
    });
    expect(query).toEqual({ ...DEFAULT_QUEUE, rep: 'me' });
  });

  it('accepts a decimal comma in amounts', () => {
    expect(parseQueueQuery({ min: '12,50' }).min).toBe('12.50');
  });

  it('starts again at page 1 when a change names it', () => {
    const query = parseQueueQuery({ page: '4', region: 'CA' });
    expect(queueSearch(query, { page: 1, region: 'US' })).toBe('?region=US');
  });

  it('turns the state into the commerce list grammar', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const params = queueApiParams(parseQueueQuery({ rep: 'none', age: '3', min: '10', max: '99' }), now);
    expect(params.get('Status')).toBe('Submitted|InReview|ChangesRequested');
    expect(params.get('AssignedUserID')).toBe('!*');
    expect(params.get('DateSubmitted')).toBe('<2026-11-24T12:00:00.000Z');
    expect(params.getAll('Total')).toEqual(['>=10', '<=99']);
    expect(params.get('sortBy')).toBe('!DateSubmitted');
    expect(params.get('pageSize')).toBe('20');
    const all = queueApiParams(parseQueueQuery({ status: 'all', rep: 'me', q: 'EMT', sort: 'oldest' }), now);
    expect(all.has('Status')).toBe(false);
    expect(all.get('AssignedUserID')).toBe('me');
    expect(all.get('search')).toBe('EMT');
    expect(all.get('sortBy')).toBe('DateSubmitted');
  });
});
