import { and, not, or, type SQL, sql } from 'drizzle-orm';
import { ApiError } from '../http/api-error';
import { assertAcceptablePath } from '../http/input-guard';
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
    assertAcceptablePath(path, use === 'sort' ? 'List.InvalidSortProperty' : 'List.InvalidProperty');
    const pathLiteral = `{${rest.map((p) => `"${p.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
    return { kind: 'xp', expr: sql`(${schema.xp} #> ${pathLiteral}::text[])`, name: path.join('.') };
  }
  const key = Object.keys(schema.fields).find((k) => k.toLowerCase() === (head ?? '').toLowerCase());
  const def = key ? schema.fields[key] : undefined;
  if (!key || !def || rest.length > 0) {
    const code = use === 'sort' ? 'List.InvalidSortProperty' : 'List.InvalidProperty';
    throw ApiError.of(400, code, `${schema.objectType} has no property ${path.join('.')} to ${use} on.`, {
      ObjectType: schema.objectType,
      Property: path.join('.'),
    });
  }
  return { kind: 'field', def, name: key };
}

function likePattern(value: string): string {
  return value
    .split('*')
    .map((part) => part.replace(/[\\%_]/g, '\\$&'))
    .join('%');
}

function isNumber(value: string): boolean {
  return /^-?\d+(\.\d+)?$/.test(value);
}

function badValue(name: string, value: string, expected: string): ApiError {
  return ApiError.invalidRequest(`Filter value ${JSON.stringify(value)} for ${name} is not ${expected}.`, {
    Property: name,
    Value: value,
  });
}

function fieldCondition(target: Extract<Resolved, { kind: 'field' }>, fv: FilterValue): SQL {
  const { expr, type } = target.def;
  const v = fv.value;
  if (fv.op === 'null') return sql`${expr} is null`;
  if (fv.op === 'notnull') return sql`${expr} is not null`;
  switch (type) {
    case 'string': {
      if (fv.op === 'eq') return sql`lower(${expr}) collate "C" = lower(${v})`;
      if (fv.op === 'like') return sql`lower(${expr}) collate "C" like lower(${likePattern(v)})`;
      return sql`lower(${expr}) collate "C" ${comparison(fv.op)} lower(${v}) collate "C"`;
    }
    case 'number': {
      if (fv.op === 'like') return sql`(${expr})::text like ${likePattern(v)}`;
      if (!isNumber(v)) throw badValue(target.name, v, 'a number');
      return sql`${expr} ${comparison(fv.op)} ${v}::numeric`;
    }
    case 'boolean': {
      const lower = v.toLowerCase();
      if ((lower !== 'true' && lower !== 'false') || fv.op !== 'eq')
        throw badValue(target.name, v, 'true or false');
      return sql`${expr} = ${lower === 'true'}`;
    }
    case 'date': {
      if (fv.op === 'like') throw badValue(target.name, v, 'a date (wildcards are not allowed on dates)');
      const time = Date.parse(v);
      if (Number.isNaN(time)) throw badValue(target.name, v, 'a date');
      const at = new Date(time).toISOString();
      if (fv.op === 'eq' && /^\d{4}-\d{2}-\d{2}$/.test(v)) {
        const next = new Date(time + 86_400_000).toISOString();
        return sql`(${expr} >= ${at}::timestamptz and ${expr} < ${next}::timestamptz)`;
      }
      return sql`${expr} ${comparison(fv.op)} ${at}::timestamptz`;
    }
  }
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

/** A condition on one scalar jsonb value `j` (never an array). */
function xpScalarCondition(j: SQL, fv: FilterValue): SQL {
  const v = fv.value;
  const text = sql`(${j} #>> '{}')`;
  if (fv.op === 'eq') {
    const textEq = sql`(jsonb_typeof(${j}) in ('string', 'boolean') and lower(${text}) = lower(${v}))`;
    return isNumber(v)
      ? sql`(${textEq} or (jsonb_typeof(${j}) = 'number' and ${text}::numeric = ${v}::numeric))`
      : textEq;
  }
  if (fv.op === 'like') {
    return sql`(jsonb_typeof(${j}) in ('string', 'number', 'boolean') and lower(${text}) like lower(${likePattern(v)}))`;
  }
  if (isNumber(v))
    return sql`(jsonb_typeof(${j}) = 'number' and ${text}::numeric ${comparison(fv.op)} ${v}::numeric)`;
  return sql`(jsonb_typeof(${j}) = 'string' and lower(${text}) collate "C" ${comparison(fv.op)} lower(${v}) collate "C")`;
}

function xpCondition(j: SQL, fv: FilterValue): SQL {
  if (fv.op === 'null') return sql`(${j} is null or jsonb_typeof(${j}) = 'null')`;
  if (fv.op === 'notnull') return sql`(${j} is not null and jsonb_typeof(${j}) <> 'null')`;
  const element = sql`e.value`;
  return sql`(case when jsonb_typeof(${j}) = 'array'
    then exists (select 1 from jsonb_array_elements(${j}) e where ${xpScalarCondition(element, fv)})
    else ${xpScalarCondition(j, fv)} end)`;
}

/**
 * For `xp.a.b=value` (equality, no wildcard): `lower(xp::text)::jsonb` contains {a: {b: value}} — the value
 * lowercased as a string, or as a number or boolean when it reads as one, alone or in an array. Every row
 * the exact condition keeps passes it (both sides go through the database's own `lower`), so the GIN index
 * on that expression can narrow the rows first. (An xp object with two keys that differ only in case
 * keeps one of them once lowercased; such keys are not supported by xp filters on indexed tables.)
 */
function xpContainment(index: SQL, path: string[], values: FilterValue[]): SQL {
  const nest = (leaf: SQL) =>
    path.reduceRight<SQL>((inner, key) => sql`jsonb_build_object(lower(${key}::text), ${inner})`, leaf);
  const leaves = values.flatMap((fv) => {
    const v = fv.value;
    const out: SQL[] = [sql`to_jsonb(lower(${v}::text))`];
    if (isNumber(v)) out.push(sql`to_jsonb(${v}::numeric)`);
    if (v.toLowerCase() === 'true' || v.toLowerCase() === 'false')
      out.push(sql`to_jsonb(${v.toLowerCase() === 'true'}::boolean)`);
    return out.flatMap((leaf) => [leaf, sql`jsonb_build_array(${leaf})`]);
  });
  return or(...leaves.map((leaf) => sql`${index} @> ${nest(leaf)}`)) as SQL;
}

function termCondition(schema: ListSchema, term: FilterTerm): SQL {
  const target = resolve(schema, term.path, 'filter');
  if (
    target.kind === 'xp' &&
    schema.xpLowerIndex &&
    term.values.length > 0 &&
    term.values.every((fv) => !fv.negate && fv.op === 'eq' && !fv.value.includes('*'))
  ) {
    const exact = or(...term.values.map((fv) => xpCondition(target.expr, fv))) as SQL;
    return and(xpContainment(schema.xpLowerIndex, term.path.slice(1), term.values), exact) as SQL;
  }
  const condition = (fv: FilterValue) =>
    target.kind === 'xp' ? xpCondition(target.expr, fv) : fieldCondition(target, fv);
  // In WHERE a null condition drops the row like false does, so positive values stay plain (and indexable);
  // a negated one must treat null as "does not match".
  const positives = term.values.filter((fv) => !fv.negate).map(condition);
  const negatives = term.values
    .filter((fv) => fv.negate)
    .map((fv) => not(sql`coalesce(${condition(fv)}, false)`));
  const parts = [...(positives.length > 0 ? [or(...positives) as SQL] : []), ...negatives];
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
  const contains = (text: SQL, term: string) => sql`${text} like ${`%${likePattern(term.toLowerCase())}%`}`;
  const phrase = params.search.toLowerCase();
  const terms = phrase.split(/\s+/).filter(Boolean);
  switch (params.searchType) {
    case 'AnyTerm':
      return or(...texts.flatMap((t) => terms.map((term) => contains(t, term))));
    case 'AllTermsAnyField':
      return and(...terms.map((term) => or(...texts.map((t) => contains(t, term)))));
    case 'AllTermsSameField':
      return or(...texts.map((t) => and(...terms.map((term) => contains(t, term)))));
    case 'ExactPhrase':
      return or(...texts.map((t) => contains(t, phrase)));
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

function sortExpressions(schema: ListSchema, term: SortTerm): SQL[] {
  const target = resolve(schema, term.path, 'sort');
  const dir = term.descending ? sql.raw('desc nulls first') : sql.raw('asc nulls last');
  if (target.kind === 'xp') {
    const j = target.expr;
    return [
      sql`(case when jsonb_typeof(${j}) = 'number' then (${j} #>> '{}')::numeric end) ${dir}`,
      sql`(case when jsonb_typeof(${j}) in ('string', 'boolean') then lower(${j} #>> '{}') end) collate "C" ${dir}`,
    ];
  }
  if (target.def.type === 'string') {
    return [sql`lower(${target.def.expr}) collate "C" ${dir}`, sql`${target.def.expr} collate "C" ${dir}`];
  }
  return [sql`${target.def.expr} ${dir}`];
}

export function orderByClause(schema: ListSchema, params: ListParams): SQL[] {
  const terms: SortTerm[] =
    params.sortBy.length > 0
      ? params.sortBy
      : schema.defaultSort.map((s) => ({ path: [s.replace(/^!/, '')], descending: s.startsWith('!') }));
  return [
    ...terms.flatMap((t) => sortExpressions(schema, t)),
    ...schema.keys.map((k) => sql`${k} collate "C" asc`),
  ];
}
