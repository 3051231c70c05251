import type { Db } from '@catalogue/db';
import { type Column, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Principal } from '../auth/claims';
import type { ApiRole } from '../auth/roles';
import type { FieldDef, FieldType, ListSchema } from '../list/schema';

/** The rows a request may touch, and the column values every new row of that scope gets. */
export interface Scope {
  where: SQL | undefined;
  values: Record<string, unknown>;
  /** The parent object's wire name and ID, for NotFound messages (e.g. Buyer ACME-US). */
  parent?: { objectType: string; id: string };
}

export interface WriteContext {
  principal: Principal;
  scope: Scope;
  /** The ID in the route of a PUT or PATCH (the object as it is before the write). */
  routeId?: string;
  /** Which write: POST, PUT (replace, also when it creates) or PATCH (only the given properties). */
  operation?: 'create' | 'replace' | 'patch';
  /**
   * Where to read inside the write: the write's own transaction when there is one. (PGlite has one
   * connection: a read outside the open transaction would wait for it forever.)
   */
  db: Db;
}

export interface ResourceDef<T extends PgTable = PgTable> {
  objectType: string;
  table: T;
  /** Wire property → column. Only these properties are shown, filtered and sorted. */
  columns: Record<string, Column>;
  id: Column;
  /** The writable properties of a whole object (POST, PUT); PATCH uses its partial. */
  body: z.ZodObject;
  searchOn: string[];
  defaultSort?: string[];
  roles: { read: ApiRole[]; write: ApiRole[] };
  /** Seller users only (security profiles, API clients, …); buyer users get 403 whatever their roles. */
  sellerOnly?: boolean;
  /**
   * Column values from wire values before writing (e.g. a password becomes a hash); may refuse the write
   * (e.g. a referenced object missing from the scope).
   */
  prepare?: (values: Record<string, unknown>, context: WriteContext) => Promise<Record<string, unknown>>;
  /**
   * What follows a changed ID (a PUT or PATCH whose body names another ID), in the write's transaction,
   * after the row is updated: the rows that name the object without a foreign key (see `renames.ts`;
   * foreign keys follow by ON UPDATE CASCADE). Gets the row before and after the write.
   */
  renamed?: (tx: Db, before: Record<string, unknown>, after: Record<string, unknown>) => Promise<void>;
  /** Adds computed values to fetched rows in one batch (e.g. counts from another table) before `extend`. */
  enrich?: (db: Db, rows: Record<string, unknown>[]) => Promise<Record<string, unknown>[]>;
  /** Properties computed for the wire besides the columns. */
  extend?: (row: Record<string, unknown>) => Record<string, unknown>;
  /** The xp column has a GIN index on `lower(xp::text)::jsonb` (see ListSchema.xpLowerIndex). */
  xpLowerIndexed?: boolean;
  /** Wire properties never shown (e.g. Password is write-only). */
  hidden?: string[];
  /** Errors for unique constraints other than the key, by constraint name (e.g. a username taken). */
  uniqueConstraints?: Record<string, { errorCode: string; message: string }>;
}

function fieldType(column: Column): FieldType | 'json' | 'array' {
  switch (column.dataType) {
    case 'number':
    case 'bigint':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'json':
      return 'json';
    case 'array':
      return 'array';
    default:
      return column.columnType === 'PgNumeric' ? 'number' : 'string';
  }
}

/** The list kernel's view of a resource, derived from its columns. */
export function listSchemaOf(def: ResourceDef): ListSchema {
  const fields: Record<string, FieldDef> = {};
  let xp: SQL | null = null;
  for (const [wire, column] of Object.entries(def.columns)) {
    if (wire === 'xp') {
      xp = sql`${column}`;
      continue;
    }
    const type = fieldType(column);
    if (type === 'json' || type === 'array') continue;
    fields[wire] = { expr: sql`${column}`, type };
  }
  const xpColumn = def.columns.xp;
  return {
    objectType: def.objectType,
    fields,
    xp,
    searchOn: def.searchOn,
    defaultSort: def.defaultSort ?? ['ID'],
    keys: [sql`${def.id}`],
    ...(def.xpLowerIndexed && xpColumn ? { xpLowerIndex: sql`(lower((${xpColumn})::text)::jsonb)` } : {}),
  };
}

const keysByTable = new WeakMap<object, Map<Column, string>>();

/** The JS property of each column in the Drizzle table (what insert/update values are keyed by). */
export function columnKeys(def: ResourceDef): Map<Column, string> {
  let keys = keysByTable.get(def.table);
  if (!keys) {
    keys = new Map<Column, string>();
    for (const [key, column] of Object.entries(getTableColumns(def.table))) keys.set(column as Column, key);
    keysByTable.set(def.table, keys);
  }
  return keys;
}

const wireFieldsByDef = new WeakMap<ResourceDef, [name: string, key: string][]>();

/** The wire name and row property of every shown column of a resource, worked out once. */
function wireFields(def: ResourceDef): [name: string, key: string][] {
  let fields = wireFieldsByDef.get(def);
  if (!fields) {
    const keys = columnKeys(def);
    fields = Object.entries(def.columns)
      .filter(([name]) => !def.hidden?.includes(name))
      .map(([name, column]) => [name, keys.get(column) ?? '']);
    wireFieldsByDef.set(def, fields);
  }
  return fields;
}

/** A row as the wire shows it: wire names, ISO dates, computed properties, hidden ones removed. */
export function toWire(def: ResourceDef, row: Record<string, unknown>): Record<string, unknown> {
  const wire: Record<string, unknown> = {};
  for (const [name, key] of wireFields(def)) {
    const value = row[key];
    wire[name] = value instanceof Date ? value.toISOString() : (value ?? null);
  }
  return def.extend ? { ...wire, ...def.extend(row) } : wire;
}
