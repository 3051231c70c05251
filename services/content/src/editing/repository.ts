import { type Db, queryRows } from '@catalogue/db';
import { contentDrafts, contentItems, contentSchedule, contentVersions } from '@catalogue/db/schema';
import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Actor } from './actor';

/** The content tables' queries for the write API. No rules here: `service.ts` decides. */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A query runs on the database or inside a transaction. */
type Runner = Db | Tx;

export interface ItemKey {
  type: string;
  id: string;
  locale: string;
}

export type DraftRow = typeof contentDrafts.$inferSelect;
export type VersionRow = typeof contentVersions.$inferSelect;
export type ScheduleRow = typeof contentSchedule.$inferSelect;

const itemOf = (key: ItemKey) =>
  and(eq(contentItems.type, key.type), eq(contentItems.id, key.id), eq(contentItems.locale, key.locale));
const draftOf = (key: ItemKey) =>
  and(eq(contentDrafts.type, key.type), eq(contentDrafts.id, key.id), eq(contentDrafts.locale, key.locale));
const versionsOf = (key: ItemKey) =>
  and(
    eq(contentVersions.type, key.type),
    eq(contentVersions.id, key.id),
    eq(contentVersions.locale, key.locale),
  );
const pendingOf = (key: ItemKey) =>
  and(
    eq(contentSchedule.type, key.type),
    eq(contentSchedule.id, key.id),
    eq(contentSchedule.locale, key.locale),
    eq(contentSchedule.state, 'pending'),
  );

/** The audit actor of this transaction (read by the audit triggers); first statement of every write. */
export async function setAuditActor(tx: Tx, actor: Actor): Promise<void> {
  await tx.execute(sql`select set_config('audit.actor', ${JSON.stringify(actor)}, true)`);
}

/**
 * Serialises the writes of one item (publish, unpublish, a scheduled publication) until the transaction
 * ends, whether or not the item exists yet, so version numbers are taken one at a time.
 */
export async function lockItem(tx: Tx, key: ItemKey): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`content\u001f${key.type}\u001f${key.id}\u001f${key.locale}`}, 0))`,
  );
}

/** The item's latest version number; 0 when it never changed through the write API. */
export async function currentVersion(db: Runner, key: ItemKey): Promise<number> {
  const [row] = await db
    .select({ version: sql<number | null>`max(${contentVersions.version})` })
    .from(contentVersions)
    .where(versionsOf(key));
  return Number(row?.version ?? 0);
}

export async function publishedData(db: Runner, key: ItemKey): Promise<{ data: unknown } | null> {
  const [row] = await db.select({ data: contentItems.data }).from(contentItems).where(itemOf(key));
  return row ?? null;
}

export async function writeItem(tx: Tx, key: ItemKey, data: unknown): Promise<void> {
  await tx
    .insert(contentItems)
    .values({ ...key, data })
    .onConflictDoUpdate({
      target: [contentItems.type, contentItems.id, contentItems.locale],
      set: { data, updatedAt: sql`now()` },
    });
}

export async function deleteItem(tx: Tx, key: ItemKey): Promise<boolean> {
  const deleted = await tx.delete(contentItems).where(itemOf(key)).returning({ id: contentItems.id });
  return deleted.length > 0;
}

export async function findDraft(db: Runner, key: ItemKey): Promise<DraftRow | null> {
  const [row] = await db.select().from(contentDrafts).where(draftOf(key));
  return row ?? null;
}

export async function upsertDraft(
  tx: Tx,
  key: ItemKey,
  draft: { data: unknown; baseVersion: number; restoredFrom: number | null; savedBy: Actor },
): Promise<DraftRow> {
  const [row] = await tx
    .insert(contentDrafts)
    .values({ ...key, ...draft })
    .onConflictDoUpdate({
      target: [contentDrafts.type, contentDrafts.id, contentDrafts.locale],
      // A draft keeps the version it started from; a restore starts it again from the current one.
      set: {
        data: draft.data,
        restoredFrom: draft.restoredFrom,
        savedBy: draft.savedBy,
        savedAt: sql`now()`,
        ...(draft.restoredFrom !== null ? { baseVersion: draft.baseVersion } : {}),
      },
    })
    .returning();
  if (!row) throw new Error('the draft was not stored');
  return row;
}

export async function deleteDraft(tx: Tx, key: ItemKey): Promise<boolean> {
  const deleted = await tx.delete(contentDrafts).where(draftOf(key)).returning({ id: contentDrafts.id });
  return deleted.length > 0;
}

/** Deletes the draft only while it still holds `data` (a scheduled publication leaves newer edits). */
export async function deleteDraftHolding(tx: Tx, key: ItemKey, data: unknown): Promise<void> {
  await tx
    .delete(contentDrafts)
    .where(and(draftOf(key), sql`${contentDrafts.data} = ${JSON.stringify(data)}::jsonb`));
}

export async function insertVersion(
  tx: Tx,
  version: ItemKey & {
    version: number;
    data: unknown;
    action: 'baseline' | 'publish' | 'unpublish' | 'restore';
    restoredFrom: number | null;
    by: Actor | null;
  },
): Promise<VersionRow> {
  const [row] = await tx.insert(contentVersions).values(version).returning();
  if (!row) throw new Error('the version was not stored');
  return row;
}

export async function findVersion(db: Runner, key: ItemKey, version: number): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(contentVersions)
    .where(and(versionsOf(key), eq(contentVersions.version, version)));
  return row ?? null;
}

/** Versions newest first, below `before` when given. */
export async function listVersions(
  db: Runner,
  key: ItemKey,
  before: number | null,
  limit: number,
): Promise<{ total: number; rows: VersionRow[] }> {
  const [totals, rows] = await Promise.all([
    db.select({ total: count() }).from(contentVersions).where(versionsOf(key)),
    db
      .select()
      .from(contentVersions)
      .where(and(versionsOf(key), before === null ? undefined : lt(contentVersions.version, before)))
      .orderBy(desc(contentVersions.version))
      .limit(limit),
  ]);
  return { total: Number(totals[0]?.total ?? 0), rows };
}

export async function findPendingSchedule(db: Runner, key: ItemKey): Promise<ScheduleRow | null> {
  const [row] = await db.select().from(contentSchedule).where(pendingOf(key));
  return row ?? null;
}

export async function insertSchedule(
  tx: Tx,
  schedule: ItemKey & {
    publishAt: Date;
    data: unknown;
    baseVersion: number;
    restoredFrom: number | null;
    by: Actor;
  },
): Promise<ScheduleRow> {
  const [row] = await tx.insert(contentSchedule).values(schedule).returning();
  if (!row) throw new Error('the schedule was not stored');
  return row;
}

export async function cancelPendingSchedule(tx: Tx, key: ItemKey): Promise<ScheduleRow | null> {
  const [row] = await tx
    .update(contentSchedule)
    .set({ state: 'cancelled', doneAt: sql`now()` })
    .where(pendingOf(key))
    .returning();
  return row ?? null;
}

/**
 * The next due pending publication, locked for this transaction; one another runner holds is skipped
 * (`skip locked`), so each is carried out by exactly one instance.
 */
export async function claimDueSchedule(tx: Tx, now: Date): Promise<ScheduleRow | null> {
  const [row] = await tx
    .select()
    .from(contentSchedule)
    .where(
      and(eq(contentSchedule.state, 'pending'), sql`${contentSchedule.publishAt} <= ${now.toISOString()}`),
    )
    .orderBy(asc(contentSchedule.publishAt), asc(contentSchedule.key))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

export async function finishSchedule(
  tx: Tx,
  scheduleKey: number,
  outcome: { state: 'done' | 'failed'; version: number | null; outcome: string | null },
): Promise<ScheduleRow> {
  const [row] = await tx
    .update(contentSchedule)
    .set({ ...outcome, doneAt: sql`now()` })
    .where(eq(contentSchedule.key, scheduleKey))
    .returning();
  if (!row) throw new Error('the schedule vanished');
  return row;
}

export interface ItemListRow extends Record<string, unknown> {
  id: string;
  published: boolean;
  has_draft: boolean;
}

/** Ids of a type and locale, published or drafted, in code-unit order after `after`. */
export async function listItemIds(
  db: Runner,
  type: string,
  locale: string,
  after: string | null,
  limit: number,
): Promise<{ total: number; rows: ItemListRow[] }> {
  const both = sql`(
    select coalesce(i.id, d.id) as id, i.id is not null as published, d.id is not null as has_draft
      from (select id from content_items where type = ${type} and locale = ${locale}) i
      full join (select id from content_drafts where type = ${type} and locale = ${locale}) d on d.id = i.id
  ) as listed`;
  const [totals, rows] = await Promise.all([
    queryRows<{ total: string | number }>(db, sql`select count(*) as total from ${both}`),
    queryRows<ItemListRow>(
      db,
      sql`select id, published, has_draft from ${both}
        ${after === null ? sql`` : sql`where id collate "C" > ${after} collate "C"`}
        order by id collate "C" limit ${limit}`,
    ),
  ]);
  return { total: Number(totals[0]?.total ?? 0), rows };
}

export interface MissingRow extends Record<string, unknown> {
  id: string;
  /** True when the item is not in the locale at all. */
  missing: boolean;
  /** The listed fields (or dictionary keys) filled in `from` and empty or absent in the locale. */
  empty: string[] | null;
  has_draft: boolean;
}

/**
 * Items of `type` published in `from` that the locale lacks, or whose `fields` (every key when
 * `fields` is null: the dictionary) are filled in `from` and empty in the locale: a page of them by id
 * after `after`, and how many there are.
 */
export async function missingTranslations(
  db: Runner,
  type: string,
  locale: string,
  from: string,
  fields: readonly string[] | null,
  page: { after: string | null; limit: number },
): Promise<{ total: number; rows: MissingRow[] }> {
  const filled = (data: string, field: string) =>
    sql`coalesce(btrim(${sql.raw(data)} ->> ${field}), '') <> ''`;
  const empty =
    fields === null
      ? sql`array(select k.key from jsonb_each_text(s.data) k
          where btrim(k.value) <> '' and coalesce(btrim(t.data ->> k.key), '') = '' order by k.key collate "C")`
      : fields.length === 0
        ? sql`array[]::text[]`
        : sql`array_remove(array[${sql.join(
            fields.map(
              (f) => sql`case when ${filled('s.data', f)} and not ${filled('t.data', f)} then ${f} end`,
            ),
            sql`, `,
          )}]::text[], null)`;
  // The total is counted over every finding (the window runs before the page's filter), in one query.
  const rows = await queryRows<MissingRow & { total: string | number }>(
    db,
    sql`select * from (
        select *, count(*) over () as total from (
          select s.id, t.id is null as missing, case when t.id is null then null else ${empty} end as empty,
                 exists (select 1 from content_drafts d where d.type = s.type and d.id = s.id and d.locale = ${locale}) as has_draft
            from content_items s
            left join content_items t on t.type = s.type and t.id = s.id and t.locale = ${locale}
           where s.type = ${type} and s.locale = ${from}
        ) found
        where missing or cardinality(empty) > 0
      ) counted
      ${page.after === null ? sql`` : sql`where id collate "C" > ${page.after} collate "C"`}
      order by id collate "C" limit ${page.limit}`,
  );
  return { total: Number(rows[0]?.total ?? 0), rows };
}
