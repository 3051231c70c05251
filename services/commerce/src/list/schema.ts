import type { SQL } from 'drizzle-orm';

export type FieldType = 'string' | 'number' | 'boolean' | 'date';

export interface FieldDef {
  /** SQL expression of the value (usually a column). */
  expr: SQL;
  type: FieldType;
}

/** What a list endpoint exposes: its properties by OrderCloud name, its xp column and defaults. */
export interface ListSchema {
  /** Object type used in error messages, e.g. `User`. */
  objectType: string;
  fields: Record<string, FieldDef>;
  /** The jsonb column behind `xp.` paths; null when the resource has no xp. */
  xp: SQL | null;
  /** Properties searched when `searchOn` is absent. */
  searchOn: string[];
  /** Sort when `sortBy` is absent; the key columns always follow as a tie-break. */
  defaultSort: string[];
  /** Unique key columns, for a stable order across pages. */
  keys: SQL[];
  /**
   * `lower(xp::text)::jsonb` when a GIN index (jsonb_path_ops) covers it: xp equality filters then add a
   * containment test on it, a necessary condition the index answers before the exact test runs.
   */
  xpLowerIndex?: SQL;
}
