import { and, not, or, type SQL, sql } from 'drizzle-orm';
import { ApiError } from '../http/api-error';
import type { FilterTerm, FilterValue, ListParams, SortTerm } from './params';
import type { FieldDef, ListSchema } from './schema';

/**
 * Translates a parsed list query into SQL: every filter, search and sort runs in the database.
 * Semantics (shared with the reference implementation in the property tests):
 * - strings compare case-insensitively; `*` is a wildcard; ordering is by `lower(value)` in "C" collation;
 * - the values of one filter are OR-ed, except negated ones, which must all hold; separate filters AND;
 * - a negated value matches rows where the property is null;
 * - xp values: arrays match when any element matches; numbers compare numerically when the filter value
 *   is a number.
 */

type Resolved = { kind: 'field'; def: FieldDef; name: string } | { kind: 'xp'; expr: SQL; name: string };

function resolve(schema: ListSchema, path: string[], use: 'filter' | 'sort' | 'search'): Resolved {
  const [head, ...rest] = path;
  if (head !== undefined && head.toLowerCase() === 'xp' && schema.xp && rest.length > 0) {
    const pathLiteral = `{${rest.map((p) => `"${p.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
    return { kind: 'xp', expr: sql`(${schema.xp} #> ${pathLiteral}::text[])`, name: path.join('.') };
  }
  // A field may itself be named by a dotted path (`Actor.UserID`: a property of a nested object).
  const named = (name: string) =>
    Object.keys(schema.fields).find((k) => k.toLowerCase() === name.toLowerCase());
  const dotted = rest.length > 0 ? named(path.join('.')) : undefined;
  const key = dotted ?? named(head ?? '');
  const def = key ? schema.fields[key] : undefined;
  if (!key || !def || (rest.length > 0 && !dotted)) {
    const code = use === 'sort' ? 'List.InvalidSortProperty' : 'List.InvalidProperty';
    throw ApiError.of(400, code, `${schema.objectType} has no property ${path.join('.')} to ${use} on.`, {
      ObjectType: schema.objectType,
      Property: path.join('.'),
    });
  }
  return { kind: 'field', def, name: key };
}

export function likePattern(value: string): string {
  return value
    .split('*')
    .map((part) => part.replace(/[\\%_]/g, '\\$&'))
    .join('%');
}

export function isNumber(value: string): boolean {
  return /^-?\d+(\.\d+)?$/.test(value);
}

function badValue(name: string, value: string, expected: string): ApiError {
  return ApiError.invalidRequest(`Filter value ${JSON.stringify(value)} for ${name} is not ${expected}.`, {
    Property: name,
    Value: value,
  });
}

/** Values of one filter that share an operator and a negation: they compile to ONE condition. */
interface ValueGroup {
  negate: boolean;
  op: FilterValue['op'];
  values: string[];
}

function groupValues(values: FilterValue[]): ValueGroup[] {
  const groups = new Map<string, ValueGroup>();
  for (const fv of values) {
    const key = `${fv.negate}:${fv.op}`;
    const group = groups.get(key) ?? { negate: fv.negate, op: fv.op, values: [] };
    if (!group.values.includes(fv.value)) group.values.push(fv.value);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * A list of values as ONE parameter, a PostgreSQL array literal (`{"a","b"}`) cast to `type`: a filter
 * with a hundred values costs one parameter and one comparison (`= any(…)`), as with one value.
 */
export function arrayParam(
  values: readonly string[],
  type: 'text' | 'numeric' | 'boolean' | 'timestamptz',
): SQL {
  return sql`${arrayLiteral(values)}::${sql.raw(type)}[]`;
}

/** PostgreSQL's array literal of `values` (`{"a","b"}`), for one parameter. */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/**
 * The values lowercased by the database's own `lower` (the same function as the column side), through
 * `lower_each` (migration 0042): immutable, so with the parameter known the planner folds it to a constant
 * array and estimates the filter from the column's (or expression's) statistics, where a subquery over
 * `unnest` left it guessing — and walking an index to the end for a combination it thought common.
 */
function loweredArray(values: readonly string[]): SQL {
  return sql`lower_each(${arrayParam(values, 'text')})`;
}

function fieldCondition(target: Extract<Resolved, { kind: 'field' }>, group: ValueGroup): SQL {
  const { expr, type } = target.def;
  const { op, values } = group;
  if (op === 'null') return sql`${expr} is null`;
  if (op === 'notnull') return sql`${expr} is not null`;
  switch (type) {
    case 'string': {
      if (op === 'like')
        return sql`lower(${expr}) collate "C" like any(${loweredArray(values.map(likePattern))})`;
      return sql`lower(${expr}) collate "C" ${comparison(op)} any(${loweredArray(values)})`;
    }
    case 'number': {
      if (op === 'like') return sql`(${expr})::text like any(${arrayParam(values.map(likePattern), 'text')})`;
      for (const v of values) if (!isNumber(v)) throw badValue(target.name, v, 'a number');
      return sql`${expr} ${comparison(op)} any(${arrayParam(values, 'numeric')})`;
    }
    case 'boolean': {
      const lowered = values.map((v) => v.toLowerCase());
      const bad = lowered.findIndex((v) => v !== 'true' && v !== 'false');
      if (bad >= 0 || op !== 'eq')
        throw badValue(target.name, values[Math.max(bad, 0)] ?? '', 'true or false');
      return sql`${expr} = any(${arrayParam(lowered, 'boolean')})`;
    }
    case 'date':
      return dateCondition(target, group);
  }
}

/** Dates: a day (`2025-03-03`) with `=` means that whole day (UTC); anything else compares instants. */
function dateCondition(target: Extract<Resolved, { kind: 'field' }>, { op, values }: ValueGroup): SQL {
  const { expr } = target.def;
  if (op === 'like')
    throw badValue(target.name, values[0] ?? '', 'a date (wildcards are not allowed on dates)');
  const days: string[] = [];
  const instants: string[] = [];
  for (const v of values) {
    const time = Date.parse(v);
    if (Number.isNaN(time)) throw badValue(target.name, v, 'a date');
    if (op === 'eq' && /^\d{4}-\d{2}-\d{2}$/.test(v)) days.push(new Date(time).toISOString());
    else instants.push(new Date(time).toISOString());
  }
  const parts: SQL[] = [];
  if (instants.length > 0)
    parts.push(sql`${expr} ${comparison(op)} any(${arrayParam(instants, 'timestamptz')})`);
  if (days.length > 0)
    parts.push(
      sql`exists (select 1 from unnest(${arrayParam(days, 'timestamptz')}) as d (day)
        where ${expr} >= d.day and ${expr} < d.day + interval '24 hours')`,
    );
  return or(...parts) as SQL;
}

function comparison(op: FilterValue['op']): SQL {
  switch (op) {
    case 'gt':
      return sql.raw('>');
    case 'gte':
      return sql.raw('>=');
    case 'lt':
      return sql.raw('<');
    case 'lte':
      return sql.raw('<=');
    default:
      return sql.raw('=');
  }
}

/** A condition on one scalar jsonb value `j` (never an array) for a group of values. */
function xpScalarCondition(j: SQL, { op, values }: ValueGroup): SQL {
  const text = sql`(${j} #>> '{}')`;
  const numbers = values.filter(isNumber);
  if (op === 'eq') {
    const textEq = sql`(jsonb_typeof(${j}) in ('string', 'boolean') and lower(${text}) = any(${loweredArray(values)}))`;
    return numbers.length > 0
      ? sql`(${textEq} or (jsonb_typeof(${j}) = 'number' and ${text}::numeric = any(${arrayParam(numbers, 'numeric')})))`
      : textEq;
  }
  if (op === 'like') {
    return sql`(jsonb_typeof(${j}) in ('string', 'number', 'boolean') and lower(${text}) like any(${loweredArray(values.map(likePattern))}))`;
  }
  // Ordering: a number compares with numbers, anything else with strings.
  const words = values.filter((v) => !isNumber(v));
  const parts: SQL[] = [];
  if (numbers.length > 0)
    parts.push(
      sql`(jsonb_typeof(${j}) = 'number' and ${text}::numeric ${comparison(op)} any(${arrayParam(numbers, 'numeric')}))`,
    );
  if (words.length > 0)
    parts.push(
      sql`(jsonb_typeof(${j}) = 'string' and lower(${text}) collate "C" ${comparison(op)} any(${loweredArray(words)}))`,
    );
  return or(...parts) as SQL;
}

/**
 * Groups of one filter on an xp value `j`: null tests look at `j` itself; the others at `j`, or at each
 * element when `j` is an array (one `exists` over the elements for all the groups together).
 */
function xpCondition(j: SQL, groups: ValueGroup[]): SQL {
  const parts: SQL[] = [];
  const scalar: ValueGroup[] = [];
  for (const group of groups) {
    if (group.op === 'null') parts.push(sql`(${j} is null or jsonb_typeof(${j}) = 'null')`);
    else if (group.op === 'notnull') parts.push(sql`(${j} is not null and jsonb_typeof(${j}) <> 'null')`);
    else scalar.push(group);
  }
  if (scalar.length > 0) {
    const on = (value: SQL) => or(...scalar.map((group) => xpScalarCondition(value, group))) as SQL;
    parts.push(sql`(case when jsonb_typeof(${j}) = 'array'
      then exists (select 1 from jsonb_array_elements(${j}) e where ${on(sql`e.value`)})
      else ${on(j)} end)`);
  }
  return or(...parts) as SQL;
}

/**
 * For `xp.a.b=v1|v2…` (equality, no wildcard): `lower(xp::text)::jsonb` contains {a: {b: value}} for one
 * of the values — each lowercased as a string, or as a number or boolean when it reads as one, alone or
 * in an array. Every row the exact condition keeps passes it (both sides go through the database's own
 * `lower`), so the GIN index on that expression can narrow the rows first. The documents are built in
 * SQL from three array parameters, and `@> any(…)` evaluates the indexed expression once per row: the
 * cost no longer grows with the number of values (it used to be two `@>` arms per value, each
 * re-serialising the row's xp). (An xp object with two keys that differ only in case keeps one of them
 * once lowercased; such keys are not supported by xp filters on indexed tables.)
 */
function xpContainment(index: SQL, path: string[], values: string[]): SQL {
  const words = values;
  const numbers = values.filter(isNumber);
  const booleans = values.map((v) => v.toLowerCase()).filter((v) => v === 'true' || v === 'false');
  const nested = path.reduceRight<SQL>(
    (inner, key) => sql`jsonb_build_object(lower(${key}::text), ${inner})`,
    sql`shapes.doc`,
  );
  return sql`${index} @> any(array(
    select ${nested} from (
      select to_jsonb(lower(v)) from unnest(${arrayParam(words, 'text')}) as v
      union all select to_jsonb(v) from unnest(${arrayParam(numbers, 'numeric')}) as v
      union all select to_jsonb(v) from unnest(${arrayParam(booleans, 'boolean')}) as v
    ) as leaves (leaf)
    cross join lateral (values (leaves.leaf), (jsonb_build_array(leaves.leaf))) as shapes (doc)))`;
}

function termCondition(schema: ListSchema, term: FilterTerm): SQL {
  const target = resolve(schema, term.path, 'filter');
  const positives = groupValues(term.values.filter((fv) => !fv.negate));
  const negatives = groupValues(term.values.filter((fv) => fv.negate));
  const condition = (groups: ValueGroup[]) =>
    target.kind === 'xp'
      ? xpCondition(target.expr, groups)
      : (or(...groups.map((group) => fieldCondition(target, group))) as SQL);
  const parts: SQL[] = [];
  if (positives.length > 0) {
    const onlyEquality = positives.length === 1 && positives[0]?.op === 'eq';
    if (target.kind === 'xp' && schema.xpLowerIndex && onlyEquality && negatives.length === 0) {
      const values = positives[0]?.values ?? [];
      parts.push(xpContainment(schema.xpLowerIndex, term.path.slice(1), values));
    }
    // In WHERE a null condition drops the row like false does, so positive values stay plain (and indexable).
    parts.push(condition(positives));
  }
  // Negated values must all fail: NOT (any of them holds), with null counting as "does not hold".
  if (negatives.length > 0) parts.push(not(sql`coalesce(${condition(negatives)}, false)`));
  return and(...parts) as SQL;
}

function searchCondition(schema: ListSchema, params: ListParams): SQL | undefined {
  if (!params.search) return undefined;
  const paths = params.searchOn ?? schema.searchOn.map((name) => [name]);
  const texts = paths.map((path) => {
    const target = resolve(schema, path, 'search');
    return target.kind === 'xp'
      ? sql`lower(${target.expr} #>> '{}')`
      : sql`lower((${target.def.expr})::text)`;
  });
  if (texts.length === 0) return sql`false`;
  // No coalesce: the search is only ever and-ed into WHERE, where null counts as false, and a bare
  // `lower(column) like '%term%'` is what the trigram indexes answer.
  const pattern = (term: string) => `%${likePattern(term.toLowerCase())}%`;
  const phrase = params.search.toLowerCase();
  const terms = phrase.split(/\s+/).filter(Boolean);
  // Every term's pattern in one array parameter where a quantifier says it: `like any` (one term is
  // enough) or `like all` (every term) per searched property.
  const patterns = arrayParam(terms.map(pattern), 'text');
  switch (params.searchType) {
    case 'AnyTerm':
      return or(...texts.map((t) => sql`${t} like any(${patterns})`));
    case 'AllTermsAnyField':
      return and(...terms.map((term) => or(...texts.map((t) => sql`${t} like ${pattern(term)}`))));
    case 'AllTermsSameField':
      return or(...texts.map((t) => sql`${t} like all(${patterns})`));
    case 'ExactPhrase':
      return or(...texts.map((t) => sql`${t} like ${pattern(phrase)}`));
    case 'ExactPhrasePrefix':
      return or(...texts.map((t) => sql`${t} like ${`${likePattern(phrase)}%`}`));
  }
}

export function whereClause(schema: ListSchema, params: ListParams): SQL | undefined {
  const parts = params.filters.map((term) => termCondition(schema, term));
  const search = searchCondition(schema, params);
  if (search) parts.push(search);
  return parts.length > 0 ? and(...parts) : undefined;
}

/** One ORDER BY key: the expression and its direction, apart, so a caller can select the key first. */
export interface SortKey {
  expr: SQL;
  dir: SQL;
}

function sortExpressions(schema: ListSchema, term: SortTerm): SortKey[] {
  const target = resolve(schema, term.path, 'sort');
  const dir = term.descending ? sql.raw('desc nulls first') : sql.raw('asc nulls last');
  if (target.kind === 'xp') {
    const j = target.expr;
    return [
      { expr: sql`(case when jsonb_typeof(${j}) = 'number' then (${j} #>> '{}')::numeric end)`, dir },
      {
        expr: sql`(case when jsonb_typeof(${j}) in ('string', 'boolean') then lower(${j} #>> '{}') end) collate "C"`,
        dir,
      },
    ];
  }
  if (target.def.type === 'string') {
    return [
      { expr: sql`lower(${target.def.expr}) collate "C"`, dir },
      { expr: sql`${target.def.expr} collate "C"`, dir },
    ];
  }
  return [{ expr: target.def.expr, dir }];
}

/** The sort terms of a list: `sortBy`, or the schema's default when it has none. */
export function sortTerms(schema: ListSchema, params: ListParams): SortTerm[] {
  return params.sortBy.length > 0
    ? params.sortBy
    : schema.defaultSort.map((s) => ({ path: [s.replace(/^!/, '')], descending: s.startsWith('!') }));
}

/** The ORDER BY keys of a list: its sort terms, then the key columns as a tie-break. */
export function sortKeys(schema: ListSchema, params: ListParams): SortKey[] {
  return [
    ...sortTerms(schema, params).flatMap((t) => sortExpressions(schema, t)),
    ...schema.keys.map((k) => ({ expr: sql`${k} collate "C"`, dir: sql.raw('asc') })),
  ];
}

export function orderByClause(schema: ListSchema, params: ListParams): SQL[] {
  return sortKeys(schema, params).map((key) => sql`${key.expr} ${key.dir}`);
}
