import { randomBytes } from 'node:crypto';
import { type RuleData, ruleDataSchema } from '../../rules/stored-rule';
import type { AdminDeps } from '../deps';
import { AdminError } from '../errors';
import { siteLocale } from '../site-checks';
import { type Actor, inWriteTransaction } from '../write-transaction';
import {
  deleteRuleRow,
  findRuleRow,
  insertRuleRow,
  listRuleRows,
  lockRuleId,
  type RuleRow,
  updateRuleRow,
} from './repository';
import { checkRule } from './rule-checks';
import {
  type CreateRuleInput,
  type ListRulesQuery,
  type RuleResource,
  ruleDataOf,
  type UpdateRuleInput,
} from './schema';

/**
 * The merchandising rules' use cases: list, read, create, replace and delete `search-rule` content items.
 * Writes run in one transaction that names the actor first, hold the rule id's lock, and replace or
 * delete only the version the caller read (409 otherwise). Every instance's engine applies a change once
 * it reads the change feed (`content:search-rule…`).
 */

/** A stored rule as the API shows it; data a hand-written item got wrong is shown with its problems. */
function resourceOf(row: RuleRow): RuleResource & { problems?: string[] } {
  const parsed = ruleDataSchema.safeParse(row.data);
  return {
    ...(parsed.success ? parsed.data : (row.data as RuleData)),
    ...(parsed.success
      ? {}
      : { problems: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) }),
    id: row.id,
    locale: row.locale,
    version: row.version,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

function notFound(id: string): AdminError {
  return new AdminError('not_found', `No search rule '${id}'.`, { id });
}

export async function listRules(
  deps: AdminDeps,
  query: ListRulesQuery,
): Promise<{ items: RuleResource[]; meta: { page: number; pageSize: number; total: number } }> {
  const locale = query.locale === undefined ? undefined : siteLocale(deps.engine, query.locale, true);
  const { rows, total } = await listRuleRows(
    deps.database.db,
    {
      ...(query.widget ? { widget: query.widget } : {}),
      ...(locale ? { locale } : {}),
      ...(query.search ? { search: query.search } : {}),
    },
    { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
  );
  return { items: rows.map(resourceOf), meta: { page: query.page, pageSize: query.pageSize, total } };
}

export async function getRule(deps: AdminDeps, id: string): Promise<RuleResource> {
  const row = await findRuleRow(deps.database.db, id);
  if (!row) throw notFound(id);
  return resourceOf(row);
}

export async function createRule(
  deps: AdminDeps,
  actor: Actor,
  input: CreateRuleInput,
): Promise<RuleResource> {
  const locale = siteLocale(deps.engine, input.locale, true);
  const data = ruleDataOf(input);
  const id = input.id ?? `rule-${randomBytes(6).toString('hex')}`;
  return inWriteTransaction(deps.database, actor, async (tx) => {
    await lockRuleId(tx, id);
    await checkRule(deps, tx, data);
    if (await findRuleRow(tx, id))
      throw new AdminError('conflict', `A search rule '${id}' exists already.`, { id });
    return resourceOf(await insertRuleRow(tx, id, locale, data));
  });
}

export async function updateRule(
  deps: AdminDeps,
  actor: Actor,
  id: string,
  input: UpdateRuleInput,
): Promise<RuleResource> {
  if (input.id !== undefined && input.id !== id)
    throw new AdminError('invalid_request', `The body's id '${input.id}' is not the path's '${id}'.`, {
      field: 'id',
    });
  const locale = siteLocale(deps.engine, input.locale, true);
  const data = ruleDataOf(input);
  return inWriteTransaction(deps.database, actor, async (tx) => {
    await lockRuleId(tx, id);
    const current = await findRuleRow(tx, id);
    if (!current) throw notFound(id);
    if (current.version !== input.version) throw staleVersion(id, current.version);
    await checkRule(deps, tx, data);
    const row = await updateRuleRow(tx, { id, locale: current.locale, version: input.version }, locale, data);
    // The lock keeps other API writers out; a SQL script between the read and the update is caught here.
    if (!row) throw staleVersion(id, null);
    return resourceOf(row);
  });
}

export async function deleteRule(deps: AdminDeps, actor: Actor, id: string, version: string): Promise<void> {
  await inWriteTransaction(deps.database, actor, async (tx) => {
    await lockRuleId(tx, id);
    const current = await findRuleRow(tx, id);
    if (!current) throw notFound(id);
    if (current.version !== version) throw staleVersion(id, current.version);
    if (!(await deleteRuleRow(tx, { id, locale: current.locale, version }))) throw staleVersion(id, null);
  });
}

function staleVersion(id: string, current: string | null): AdminError {
  return new AdminError(
    'conflict',
    `Search rule '${id}' was changed since it was read: read it again and reapply the change.`,
    { id, ...(current ? { current_version: current } : {}) },
  );
}
