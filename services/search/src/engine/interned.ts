import type { AttrValue } from './columns';

/**
 * One shared array for every equal list of attribute values or scopes: 100,000 products hold a handful
 * of distinct region lists, category trails and materials, and were holding a copy each (13 small arrays
 * a product). Shared arrays are never changed in place (documents replace their lists whole). The table
 * keeps every list it has seen while the index lives; a full rebuild starts a new one.
 */
export class ListInterner {
  private readonly lists = new Map<string, readonly AttrValue[]>();

  list<T extends AttrValue>(values: readonly T[]): T[] {
    if (values.length === 0) return EMPTY as T[];
    const key = values
      .map((v) => `${typeof v === 'string' ? 's' : typeof v === 'number' ? 'n' : 'b'}${v}`)
      .join('\u0000');
    let shared = this.lists.get(key);
    if (!shared) {
      shared = [...values];
      this.lists.set(key, shared);
    }
    return shared as T[];
  }

  /** A record of lists with each list shared. */
  record(values: Record<string, AttrValue[]>): Record<string, AttrValue[]> {
    const shared: Record<string, AttrValue[]> = {};
    for (const [name, list] of Object.entries(values)) shared[name] = this.list(list);
    return shared;
  }

  /** Answer fields with their list values shared (other values as they are). */
  fields(values: Record<string, unknown>): Record<string, unknown> {
    const shared: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(values))
      shared[name] = Array.isArray(value) && value.every(isAttrValue) ? this.list(value) : value;
    return shared;
  }
}

const EMPTY: readonly AttrValue[] = [];

function isAttrValue(value: unknown): value is AttrValue {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}
