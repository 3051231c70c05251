import type { AuditedType } from './object-types';

/** One changed property on the wire: a translation changed in xp is one line, `xp.Names.de`. */
export interface Change {
  Property: string;
  Before: unknown;
  After: unknown;
}

type Row = Record<string, unknown>;

const isObject = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The leaves of a JSON document as dotted paths under `prefix`: nested objects are walked, anything
 * else (arrays included) is one value. An empty object has no leaves.
 */
function leaves(value: unknown, prefix: string, into: Map<string, unknown>): Map<string, unknown> {
  if (!isObject(value)) {
    if (prefix !== '' && value !== null && value !== undefined) into.set(prefix, value);
    return into;
  }
  for (const [key, inner] of Object.entries(value))
    leaves(inner, prefix === '' ? key : `${prefix}.${key}`, into);
  return into;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A column's value as the wire shows it: timestamps as ISO instants, absent as null. */
function shown(type: AuditedType, column: string, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (type.instants.has(column) && typeof value === 'string') {
    const time = Date.parse(value);
    return Number.isNaN(time) ? value : new Date(time).toISOString();
  }
  return value;
}

/**
 * What changed, property by property, in wire names. For an update the changed columns; for a create
 * every property it set (Before null), for a delete every property it had (After null). Documents (xp,
 * a content item's data) are compared leaf by leaf. Columns the wire does not show are left out.
 */
export function changesOf(
  type: AuditedType,
  changed: readonly string[],
  before: Row | null,
  after: Row | null,
): Change[] {
  const out: Change[] = [];
  for (const column of changed) {
    const property = type.properties.get(column);
    if (property === undefined) continue;
    const prefix = type.documents.get(column);
    if (prefix !== undefined) {
      const old = leaves(before?.[column], prefix, new Map());
      const now = leaves(after?.[column], prefix, new Map());
      for (const path of new Set([...old.keys(), ...now.keys()])) {
        const was = old.get(path) ?? null;
        const is = now.get(path) ?? null;
        if (!sameJson(was, is)) out.push({ Property: path, Before: was, After: is });
      }
      continue;
    }
    out.push({
      Property: property,
      Before: shown(type, column, before?.[column]),
      After: shown(type, column, after?.[column]),
    });
  }
  return out.sort((a, b) => (a.Property < b.Property ? -1 : a.Property > b.Property ? 1 : 0));
}

/** A stored row as the wire shows the object: wire names, nested where the name is dotted (Inventory). */
export function snapshotOf(type: AuditedType, row: Row | null): Row | null {
  if (!row) return null;
  const out: Row = {};
  for (const [column, property] of type.properties) {
    if (!(column in row)) continue;
    if (property === '') {
      if (isObject(row[column])) Object.assign(out, row[column]);
      continue;
    }
    const path = property.split('.');
    let target = out;
    for (const key of path.slice(0, -1)) {
      if (!isObject(target[key])) target[key] = {};
      target = target[key] as Row;
    }
    target[path[path.length - 1] as string] = shown(type, column, row[column]);
  }
  return out;
}
