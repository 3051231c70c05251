import type { FilterValue, ListParams } from './params';

/**
 * A straightforward in-memory implementation of the list semantics of compile.ts, written independently
 * of SQL, against which the property tests check the kernel. Not used by the service.
 */

export type RefType = 'string' | 'number' | 'boolean' | 'date';
export type RefRow = Record<string, unknown> & { xp: Record<string, unknown> };
export interface RefSchema {
  fields: Record<string, RefType>;
  searchOn: string[];
  defaultSort: string[];
  key: string;
}

const lower = (s: string) => s.toLowerCase();
const isNumeric = (v: string) => /^-?\d+(\.\d+)?$/.test(v);
const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

function likeRegex(pattern: string): RegExp {
  const body = pattern
    .split('*')
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`, 's');
}

function compareOp(op: FilterValue['op'], c: number): boolean {
  if (op === 'gt') return c > 0;
  if (op === 'gte') return c >= 0;
  if (op === 'lt') return c < 0;
  if (op === 'lte') return c <= 0;
  return c === 0;
}

function fieldMatches(type: RefType, value: unknown, fv: FilterValue): boolean {
  if (fv.op === 'null') return value === null || value === undefined;
  if (fv.op === 'notnull') return value !== null && value !== undefined;
  if (value === null || value === undefined) return false;
  const v = fv.value;
  switch (type) {
    case 'string': {
      const s = lower(value as string);
      if (fv.op === 'like') return likeRegex(lower(v)).test(s);
      return compareOp(fv.op, cmp(s, lower(v)));
    }
    case 'number':
      if (fv.op === 'like') return likeRegex(v).test(String(value));
      return compareOp(fv.op, cmp(value as number, Number(v)));
    case 'boolean':
      return value === (lower(v) === 'true');
    case 'date': {
      const t = (value as Date).getTime();
      const at = Date.parse(v);
      if (fv.op === 'eq' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return t >= at && t < at + 86_400_000;
      return compareOp(fv.op, cmp(t, at));
    }
  }
}

function xpScalarMatches(j: unknown, fv: FilterValue): boolean {
  const v = fv.value;
  const kind = j === null ? 'null' : Array.isArray(j) ? 'array' : typeof j;
  if (fv.op === 'eq') {
    if ((kind === 'string' || kind === 'boolean') && lower(String(j)) === lower(v)) return true;
    return isNumeric(v) && kind === 'number' && (j as number) === Number(v);
  }
  if (fv.op === 'like') {
    return (
      (kind === 'string' || kind === 'number' || kind === 'boolean') &&
      likeRegex(lower(v)).test(lower(String(j)))
    );
  }
  if (isNumeric(v)) return kind === 'number' && compareOp(fv.op, cmp(j as number, Number(v)));
  return kind === 'string' && compareOp(fv.op, cmp(lower(j as string), lower(v)));
}

function xpAt(xp: Record<string, unknown>, path: string[]): unknown {
  let current: unknown = xp;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function xpMatches(j: unknown, fv: FilterValue): boolean {
  if (fv.op === 'null') return j === undefined || j === null;
  if (fv.op === 'notnull') return j !== undefined && j !== null;
  if (j === undefined) return false;
  if (Array.isArray(j)) return j.some((e) => xpScalarMatches(e, fv));
  return xpScalarMatches(j, fv);
}

function fieldName(schema: RefSchema, name: string): string {
  const key = Object.keys(schema.fields).find((k) => lower(k) === lower(name));
  if (!key) throw new Error(`unknown field ${name}`);
  return key;
}

function propertyOf(
  schema: RefSchema,
  row: RefRow,
  path: string[],
): { xp: boolean; value: unknown; type?: RefType } {
  const [head = '', ...rest] = path;
  if (lower(head) === 'xp') return { xp: true, value: xpAt(row.xp, rest) };
  const key = fieldName(schema, head);
  return { xp: false, value: row[key], type: schema.fields[key] };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function searchText(schema: RefSchema, row: RefRow, path: string[]): string | null {
  const { value } = propertyOf(schema, row, path);
  if (value === null || value === undefined) return null;
  return lower(String(value));
}

export function referenceList(
  schema: RefSchema,
  rows: RefRow[],
  params: ListParams,
): { items: RefRow[]; total: number } {
  let result = rows.filter((row) =>
    params.filters.every((term) => {
      const target = propertyOf(schema, row, term.path);
      const one = (fv: FilterValue) =>
        target.xp ? xpMatches(target.value, fv) : fieldMatches(target.type ?? 'string', target.value, fv);
      const positives = term.values.filter((fv) => !fv.negate);
      const negatives = term.values.filter((fv) => fv.negate);
      return (positives.length === 0 || positives.some(one)) && negatives.every((fv) => !one(fv));
    }),
  );
  if (params.search) {
    const paths = params.searchOn ?? schema.searchOn.map((s) => [s]);
    const phrase = lower(params.search);
    const terms = phrase.split(/\s+/).filter(Boolean);
    result = result.filter((row) => {
      const texts = paths.map((p) => searchText(schema, row, p));
      // `*` is a wildcard in search terms too (as the SQL's LIKE patterns make it).
      const pattern = (term: string, anchored: boolean) =>
        new RegExp(`${anchored ? '^' : ''}${term.split('*').map(escapeRegExp).join('.*')}`, 's');
      const has = (t: string | null, term: string) => t !== null && pattern(term, false).test(t);
      switch (params.searchType) {
        case 'AnyTerm':
          return texts.some((t) => terms.some((term) => has(t, term)));
        case 'AllTermsAnyField':
          return terms.every((term) => texts.some((t) => has(t, term)));
        case 'AllTermsSameField':
          return texts.some((t) => terms.every((term) => has(t, term)));
        case 'ExactPhrase':
          return texts.some((t) => has(t, phrase));
        case 'ExactPhrasePrefix':
          return texts.some((t) => t !== null && pattern(phrase, true).test(t));
        default:
          return false;
      }
    });
  }
  const sorts =
    params.sortBy.length > 0
      ? params.sortBy
      : schema.defaultSort.map((s) => ({ path: [s.replace(/^!/, '')], descending: s.startsWith('!') }));
  type Key = string | number | null;
  const keysOf = (row: RefRow): { keys: Key[]; desc: boolean }[] =>
    sorts.map((s) => {
      const target = propertyOf(schema, row, s.path);
      const v = target.value;
      if (target.xp) {
        const kind = v === null || v === undefined ? 'null' : Array.isArray(v) ? 'array' : typeof v;
        return {
          desc: s.descending,
          keys: [
            kind === 'number' ? (v as number) : null,
            kind === 'string' || kind === 'boolean' ? lower(String(v)) : null,
          ],
        };
      }
      if (v === null || v === undefined)
        return { desc: s.descending, keys: target.type === 'string' ? [null, null] : [null] };
      if (target.type === 'string') return { desc: s.descending, keys: [lower(v as string), v as string] };
      if (target.type === 'date') return { desc: s.descending, keys: [(v as Date).getTime()] };
      if (target.type === 'boolean') return { desc: s.descending, keys: [v ? 1 : 0] };
      return { desc: s.descending, keys: [v as number] };
    });
  const compareKey = (a: Key, b: Key, desc: boolean): number => {
    if (a === null && b === null) return 0;
    // asc: nulls last; desc: nulls first
    if (a === null) return desc ? -1 : 1;
    if (b === null) return desc ? 1 : -1;
    const c = cmp(a, b);
    return desc ? -c : c;
  };
  result = [...result].sort((ra, rb) => {
    const ka = keysOf(ra);
    const kb = keysOf(rb);
    for (let i = 0; i < ka.length; i++) {
      const a = ka[i];
      const b = kb[i];
      if (!a || !b) continue;
      for (let j = 0; j < a.keys.length; j++) {
        const c = compareKey(a.keys[j] ?? null, b.keys[j] ?? null, a.desc);
        if (c !== 0) return c;
      }
    }
    return cmp(String(ra[schema.key]), String(rb[schema.key]));
  });
  const start = (params.page - 1) * params.pageSize;
  return { items: result.slice(start, start + params.pageSize), total: result.length };
}
