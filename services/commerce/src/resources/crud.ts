import type { Db } from '@catalogue/db';
import { and, type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Context, Hono } from 'hono';
import type { Principal } from '../auth/claims';
import { type ApiRole, requireAnyRole, wrongUserType } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { parseListParams } from '../list/params';
import { runList } from '../list/run';
import type { ListSchema } from '../list/schema';
import { isForeignKeyViolation, uniqueViolation } from './errors';
import { generateId } from './ids';
import { mergePatch } from './merge';
import { patchBody } from './patch-body';
import {
  columnKeys,
  listSchemaOf,
  type ResourceDef,
  type Scope,
  toWire,
  type WriteContext,
} from './resource';

type C = Context<CommerceEnv>;

/** A resource ready to serve: its definition plus what is derived from it once. */
export class Resource {
  readonly list: ListSchema;
  private readonly keys: Map<Column, string>;

  constructor(readonly def: ResourceDef) {
    this.list = listSchemaOf(def);
    this.keys = columnKeys(def);
  }

  /** Rows as the wire shows them, with the resource's computed values. */
  async wireAll(db: Db, rows: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
    const enriched = this.def.enrich ? await this.def.enrich(db, rows) : rows;
    return enriched.map((row) => toWire(this.def, row));
  }

  async wireOne(db: Db, row: Record<string, unknown>): Promise<Record<string, unknown>> {
    const [wire] = await this.wireAll(db, [row]);
    return wire ?? {};
  }

  /** Wire values of a validated body → column values (after `prepare`). */
  async columnsOf(values: Record<string, unknown>, context: WriteContext): Promise<Record<string, unknown>> {
    const prepared = this.def.prepare ? await this.def.prepare(values, context) : values;
    const out: Record<string, unknown> = {};
    for (const [wire, value] of Object.entries(prepared)) {
      const column = this.def.columns[wire];
      const key = column ? this.keys.get(column) : wire;
      if (key && value !== undefined) out[key] = value;
    }
    return out;
  }

  /** Column keys of the writable properties, to reset on PUT when a property is left out. */
  writableKeys(): string[] {
    return Object.keys(this.def.body.shape)
      .filter((wire) => wire !== 'ID')
      .map((wire) => {
        const column = this.def.columns[wire];
        return column ? this.keys.get(column) : undefined;
      })
      .filter((k): k is string => k !== undefined);
  }

  idKey(): string {
    return this.keys.get(this.def.id) ?? 'id';
  }

  get table(): PgTable {
    return this.def.table;
  }
}

export interface CrudOptions {
  /** Which rows the request may reach (e.g. the buyer of the route); checked before every operation. */
  scope?: (c: C) => Promise<Scope> | Scope;
  /** Wider rows for list and get than for writes (e.g. /me/addresses shows assigned company addresses). */
  readScope?: (c: C) => Promise<Scope> | Scope;
  /** Override of the resource's roles (e.g. the Me* roles on /me routes). */
  roles?: { read: ApiRole[]; write: ApiRole[] };
  /**
   * Runs first in every write's transaction: e.g. lifting the statement timeout for a write whose
   * triggers legitimately rewrite a large read model (product facets).
   */
  beforeWrite?: (tx: Db) => Promise<void>;
  /** Writes what belongs to a created or changed row (e.g. price breaks), in the same transaction. */
  afterWrite?: (
    tx: Db,
    row: Record<string, unknown>,
    body: Record<string, unknown>,
    scope: Scope,
  ) => Promise<void>;
  /** Removes what depends on a deleted row, in the same transaction as the delete. */
  cascade?: (tx: Db, row: Record<string, unknown>, scope: Scope) => Promise<void>;
  /**
   * List parameters that are not filters on the resource's own properties (OrderCloud's `catalogID` on
   * `GET /products`): their names, and the condition their values add to the list.
   */
  listParams?: { names: readonly string[]; where: (values: ReadonlyMap<string, string>) => SQL | undefined };
  /** Operations to leave out (e.g. read-only resources). */
  only?: ('list' | 'get' | 'create' | 'put' | 'patch' | 'delete')[];
}

function authorize(
  resource: Resource,
  principal: Principal,
  access: 'read' | 'write',
  roles = resource.def.roles,
): void {
  if (resource.def.sellerOnly && principal.companyType !== 'seller') {
    throw wrongUserType(
      principal.userType,
      ['admin'],
      `Only marketplace users may access ${resource.def.objectType}.`,
    );
  }
  requireAnyRole(principal.roles, roles[access]);
}

/**
 * Mounts OrderCloud's CRUD on `path`: GET list, POST, GET/PUT/PATCH/DELETE `/{id}`. Every write is one
 * statement or one transaction; bad input is refused before anything changes.
 */
export function mountCrud(
  app: Hono<CommerceEnv>,
  db: Db,
  path: string,
  resource: Resource,
  options: CrudOptions = {},
) {
  const { def } = resource;
  const enabled = (op: NonNullable<CrudOptions['only']>[number]) =>
    !options.only || options.only.includes(op);
  const scopeOf = async (c: C): Promise<Scope> =>
    options.scope ? options.scope(c) : { where: undefined, values: {} };
  const readScopeOf = async (c: C): Promise<Scope> => (options.readScope ? options.readScope(c) : scopeOf(c));
  const allow = (c: C, access: 'read' | 'write') =>
    authorize(resource, c.get('principal'), access, options.roles);
  const byId = (scope: Scope, id: string): SQL => and(scope.where, eq(def.id, id)) as SQL;

  async function fetchOne(scope: Scope, id: string) {
    const rows = await db.select().from(resource.table).where(byId(scope, id)).limit(1);
    const row = rows[0] as Record<string, unknown> | undefined;
    if (!row) throw ApiError.notFound(def.objectType, id);
    return row;
  }

  /**
   * A unique-key violation becomes 409: the resource's own message for a named constraint, else IdExists.
   * `renaming` (a PUT/PATCH to another ID): a foreign key that would not follow is refused as
   * IdChangeNotAllowed, never a 500 (every reference should follow: ON UPDATE CASCADE or `renamed`).
   */
  const conflict =
    (id: unknown, renaming?: string) =>
    (error: unknown): never => {
      if (renaming !== undefined && isForeignKeyViolation(error)) {
        throw ApiError.of(
          400,
          'IdChangeNotAllowed',
          `${def.objectType} ${renaming} cannot change its ID: other objects still refer to it.`,
          { ObjectType: def.objectType, ObjectID: renaming, Property: 'ID' },
        );
      }
      const constraint = uniqueViolation(error);
      if (constraint === null) throw error;
      const known = def.uniqueConstraints?.[constraint];
      if (known) throw ApiError.of(409, known.errorCode, known.message);
      throw ApiError.of(409, 'IdExists', `${def.objectType} ${String(id)} already exists.`, {
        ObjectType: def.objectType,
        ObjectID: id,
      });
    };

  /** The resource's `renamed` hook when a write changed the row's ID. */
  async function renamed(tx: Db, before: Record<string, unknown>, after: Record<string, unknown>) {
    const key = resource.idKey();
    if (def.renamed && before[key] !== after[key]) await def.renamed(tx, before, after);
  }

  async function insert(scope: Scope, values: Record<string, unknown>, principal: Principal) {
    const columns = {
      ...(await resource.columnsOf(values, { principal, scope, db, operation: 'create' })),
      ...scope.values,
    };
    columns[resource.idKey()] ??= generateId();
    return db
      .transaction(async (tx) => {
        await options.beforeWrite?.(tx as unknown as Db);
        const [row] = (await tx.insert(resource.table).values(columns).returning()) as Record<
          string,
          unknown
        >[];
        if (!row) throw new Error('insert returned no row');
        await options.afterWrite?.(tx as unknown as Db, row, values, scope);
        return row;
      })
      .catch(conflict(columns[resource.idKey()]));
  }

  if (enabled('list')) {
    app.get(path, async (c) => {
      allow(c, 'read');
      const scope = await readScopeOf(c);
      const query = new URL(c.req.url).searchParams;
      const params = parseListParams(query, options.listParams?.names);
      const where = options.listParams
        ? and(scope.where, options.listParams.where(extraValues(query, options.listParams.names)))
        : scope.where;
      const page = await runList(db, resource.table, resource.list, params, where);
      return c.json({
        Items: await resource.wireAll(db, page.Items as Record<string, unknown>[]),
        Meta: page.Meta,
      });
    });
  }

  if (enabled('get')) {
    app.get(`${path}/:id`, async (c) => {
      allow(c, 'read');
      return c.json(await resource.wireOne(db, await fetchOne(await readScopeOf(c), c.req.param('id'))));
    });
  }

  if (enabled('create')) {
    app.post(path, async (c) => {
      const principal = c.get('principal');
      allow(c, 'write');
      const scope = await scopeOf(c);
      const body = await readBody(c.req.raw, def.body);
      return c.json(await resource.wireOne(db, await insert(scope, body, principal)), 201);
    });
  }

  if (enabled('put')) {
    app.put(`${path}/:id`, async (c) => {
      const principal = c.get('principal');
      allow(c, 'write');
      const scope = await scopeOf(c);
      const id = c.req.param('id');
      const body = await readBody(c.req.raw, def.body);
      const newId = typeof body.ID === 'string' ? body.ID : id;
      const row = await db
        .transaction(async (tx) => {
          await options.beforeWrite?.(tx as unknown as Db);
          const existing = await tx
            .select()
            .from(resource.table)
            .where(byId(scope, id))
            .for('update')
            .limit(1);
          if (existing.length === 0) {
            const columns = {
              ...(await resource.columnsOf(
                { ...body, ID: newId },
                { principal, scope, routeId: id, db: tx as unknown as Db, operation: 'replace' },
              )),
              ...scope.values,
            };
            const [created] = (await tx.insert(resource.table).values(columns).returning()) as Record<
              string,
              unknown
            >[];
            if (created) await options.afterWrite?.(tx as unknown as Db, created, body, scope);
            return { row: created as Record<string, unknown>, created: true };
          }
          const set: Record<string, unknown> = {};
          for (const key of resource.writableKeys()) set[key] = sql`default`;
          Object.assign(
            set,
            await resource.columnsOf(
              { ...body, ID: newId },
              { principal, scope, routeId: id, db: tx as unknown as Db, operation: 'replace' },
            ),
          );
          const [updated] = (await tx
            .update(resource.table)
            .set(set)
            .where(byId(scope, id))
            .returning()) as Record<string, unknown>[];
          if (updated) {
            await renamed(tx as unknown as Db, existing[0] as Record<string, unknown>, updated);
            await options.afterWrite?.(tx as unknown as Db, updated, body, scope);
          }
          return { row: updated as Record<string, unknown>, created: false };
        })
        .catch(conflict(newId, newId === id ? undefined : id));
      return c.json(await resource.wireOne(db, row.row), row.created ? 201 : 200);
    });
  }

  if (enabled('patch')) {
    app.patch(`${path}/:id`, async (c) => {
      const principal = c.get('principal');
      allow(c, 'write');
      const scope = await scopeOf(c);
      const id = c.req.param('id');
      const body = await readBody(c.req.raw, patchBody(def.body));
      const row = await db
        .transaction(async (tx) => {
          await options.beforeWrite?.(tx as unknown as Db);
          const [existing] = await tx
            .select()
            .from(resource.table)
            .where(byId(scope, id))
            .for('update')
            .limit(1);
          if (!existing) throw ApiError.notFound(def.objectType, id);
          const values: Record<string, unknown> = { ...body };
          if ('xp' in values && values.xp !== undefined) {
            values.xp = mergePatch((existing as Record<string, unknown>).xp ?? {}, values.xp);
          }
          const set = await resource.columnsOf(values, {
            principal,
            scope,
            routeId: id,
            db: tx as unknown as Db,
            operation: 'patch',
          });
          let row = existing as Record<string, unknown>;
          if (Object.keys(set).length > 0) {
            const [updated] = (await tx
              .update(resource.table)
              .set(set)
              .where(byId(scope, id))
              .returning()) as Record<string, unknown>[];
            if (updated) row = updated;
          }
          await renamed(tx as unknown as Db, existing as Record<string, unknown>, row);
          await options.afterWrite?.(tx as unknown as Db, row, body, scope);
          return row;
        })
        .catch(conflict(body.ID, typeof body.ID === 'string' && body.ID !== id ? id : undefined));
      return c.json(await resource.wireOne(db, row));
    });
  }

  if (enabled('delete')) {
    app.delete(`${path}/:id`, async (c) => {
      allow(c, 'write');
      const scope = await scopeOf(c);
      const id = c.req.param('id');
      await db.transaction(async (tx) => {
        await options.beforeWrite?.(tx as unknown as Db);
        const deleted = await tx.delete(resource.table).where(byId(scope, id)).returning();
        const row = deleted[0] as Record<string, unknown> | undefined;
        if (!row) throw ApiError.notFound(def.objectType, id);
        await options.cascade?.(tx as unknown as Db, row, scope);
      });
      return c.body(null, 204);
    });
  }
}

/** The values of `names` in the query, by their declared spelling (query names are case-insensitive). */
function extraValues(query: URLSearchParams, names: readonly string[]): ReadonlyMap<string, string> {
  const values = new Map<string, string>();
  for (const [key, value] of query) {
    const name = names.find((n) => n.toLowerCase() === key.toLowerCase());
    if (name) values.set(name, value);
  }
  return values;
}
