import type { Db } from '@catalogue/db';
import type { Actor } from './actor';
import { EditingError } from './errors';
import {
  cancelPendingSchedule,
  currentVersion,
  type DraftRow,
  deleteDraft,
  deleteItem,
  findDraft,
  findPendingSchedule,
  findVersion,
  type ItemKey,
  insertSchedule,
  insertVersion,
  lockItem,
  publishedData,
  type ScheduleRow,
  setAuditActor,
  type Tx,
  upsertDraft,
  type VersionRow,
  writeItem,
} from './repository';
import type { ContentTypeDefinition } from './types/definition';
import { checkedData } from './validate';

/**
 * The content write API's use cases (docs/content-editing.md). Each write is one transaction that first
 * sets the audit actor. Publishing writes `content_items`, whose triggers move the content generation and
 * the page-cache tags of exactly that item at commit (migrations 0020 and 0023).
 */

const describe = (key: ItemKey) => `${key.type} '${key.id}' in ${key.locale}`;

function transaction<T>(db: Db, actor: Actor, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await setAuditActor(tx, actor);
    return work(tx);
  });
}

export interface SavedDraft {
  draft: DraftRow;
  /** Paths of the text fields the sanitiser changed. */
  sanitized: string[];
}

export async function saveDraft(
  db: Db,
  actor: Actor,
  definition: ContentTypeDefinition,
  key: ItemKey,
  data: unknown,
  maxBytes: number,
): Promise<SavedDraft> {
  const checked = checkedData(definition, key, data, maxBytes);
  const draft = await transaction(db, actor, async (tx) =>
    upsertDraft(tx, key, {
      data: checked.data,
      baseVersion: await currentVersion(tx, key),
      restoredFrom: null,
      savedBy: actor,
    }),
  );
  return { draft, sanitized: checked.sanitized };
}

export async function discardDraft(db: Db, actor: Actor, key: ItemKey): Promise<void> {
  await transaction(db, actor, async (tx) => {
    if (!(await deleteDraft(tx, key)))
      throw new EditingError('NOT_FOUND', `There is no draft of ${describe(key)}.`);
  });
}

function checkExpected(key: ItemKey, current: number, expected: number | null): void {
  if (expected !== null && expected !== current)
    throw new EditingError(
      'CONFLICT',
      `${describe(key)} is at version ${current}, not ${expected}: someone published it meanwhile. Reload it, merge your changes into the draft and publish again.`,
      { currentVersion: current, expectedVersion: expected },
    );
}

/**
 * The next version number, keeping first the item as it stood before its first change through this API
 * (the dataset's version), so that it can be restored too.
 */
async function nextVersion(tx: Tx, key: ItemKey, current: number): Promise<number> {
  if (current > 0) return current + 1;
  const before = await publishedData(tx, key);
  if (!before) return 1;
  await insertVersion(tx, {
    ...key,
    version: 1,
    data: before.data,
    action: 'baseline',
    restoredFrom: null,
    by: null,
  });
  return 2;
}

/** Writes `data` as the published item and records the version; the caller holds the item's lock. */
export async function publishData(
  tx: Tx,
  key: ItemKey,
  current: number,
  data: unknown,
  restoredFrom: number | null,
  by: Actor,
): Promise<VersionRow> {
  const version = await nextVersion(tx, key, current);
  await writeItem(tx, key, data);
  return insertVersion(tx, {
    ...key,
    version,
    data,
    action: restoredFrom === null ? 'publish' : 'restore',
    restoredFrom,
    by,
  });
}

export async function publish(
  db: Db,
  actor: Actor,
  key: ItemKey,
  expectedVersion: number | null,
): Promise<VersionRow> {
  return transaction(db, actor, async (tx) => {
    await lockItem(tx, key);
    const draft = await findDraft(tx, key);
    if (!draft) throw new EditingError('NOT_FOUND', `There is no draft of ${describe(key)} to publish.`);
    const current = await currentVersion(tx, key);
    checkExpected(key, current, expectedVersion);
    const published = await publishData(tx, key, current, draft.data, draft.restoredFrom, actor);
    await deleteDraft(tx, key);
    return published;
  });
}

export async function unpublish(
  db: Db,
  actor: Actor,
  definition: ContentTypeDefinition,
  key: ItemKey,
  expectedVersion: number | null,
): Promise<VersionRow> {
  if (!definition.unpublishable)
    throw new EditingError(
      'BAD_USER_INPUT',
      `A ${definition.type} item cannot be unpublished: every page of the locale needs it. Publish a changed version instead.`,
    );
  return transaction(db, actor, async (tx) => {
    await lockItem(tx, key);
    const current = await currentVersion(tx, key);
    checkExpected(key, current, expectedVersion);
    const version = await nextVersion(tx, key, current);
    if (!(await deleteItem(tx, key)))
      throw new EditingError('NOT_FOUND', `${describe(key)} is not published.`);
    return insertVersion(tx, {
      ...key,
      version,
      data: null,
      action: 'unpublish',
      restoredFrom: null,
      by: actor,
    });
  });
}

/** Publications may be scheduled up to a year ahead. */
const MAX_SCHEDULE_AHEAD_MS = 366 * 24 * 3600 * 1000;

/**
 * Schedules the draft as it is now for `at`; a pending schedule of the item is replaced. The job publishes
 * it then unless the item was published meanwhile (docs/content-editing.md, "Scheduled publication").
 */
export async function schedulePublish(
  db: Db,
  actor: Actor,
  key: ItemKey,
  at: Date,
  now: Date,
): Promise<ScheduleRow> {
  if (at.getTime() <= now.getTime())
    throw new EditingError(
      'BAD_USER_INPUT',
      `at must be in the future (it is ${at.toISOString()}; now is ${now.toISOString()}).`,
    );
  if (at.getTime() - now.getTime() > MAX_SCHEDULE_AHEAD_MS)
    throw new EditingError('BAD_USER_INPUT', 'at must be within a year from now.');
  return transaction(db, actor, async (tx) => {
    const draft = await findDraft(tx, key);
    if (!draft) throw new EditingError('NOT_FOUND', `There is no draft of ${describe(key)} to schedule.`);
    await cancelPendingSchedule(tx, key);
    return insertSchedule(tx, {
      ...key,
      publishAt: at,
      data: draft.data,
      baseVersion: await currentVersion(tx, key),
      restoredFrom: draft.restoredFrom,
      by: actor,
    });
  });
}

export async function cancelSchedule(db: Db, actor: Actor, key: ItemKey): Promise<ScheduleRow> {
  return transaction(db, actor, async (tx) => {
    const cancelled = await cancelPendingSchedule(tx, key);
    if (!cancelled) throw new EditingError('NOT_FOUND', `No publication of ${describe(key)} is scheduled.`);
    return cancelled;
  });
}

/**
 * Makes a version's data the item's draft (checked against today's schema), to be previewed and then
 * published, which records the publication as a restore of that version.
 */
export async function restoreVersion(
  db: Db,
  actor: Actor,
  definition: ContentTypeDefinition,
  key: ItemKey,
  version: number,
  maxBytes: number,
): Promise<SavedDraft> {
  const found = await findVersion(db, key, version);
  if (!found) throw new EditingError('NOT_FOUND', `${describe(key)} has no version ${version}.`);
  if (found.data === null)
    throw new EditingError(
      'BAD_USER_INPUT',
      `Version ${version} of ${describe(key)} is an unpublish: there is nothing to restore. Restore a version that was published.`,
    );
  const checked = checkedData(definition, key, found.data, maxBytes);
  const draft = await transaction(db, actor, async (tx) =>
    upsertDraft(tx, key, {
      data: checked.data,
      baseVersion: await currentVersion(tx, key),
      restoredFrom: version,
      savedBy: actor,
    }),
  );
  return { draft, sanitized: checked.sanitized };
}

export interface ItemState {
  published: { data: unknown } | null;
  version: number;
  draft: DraftRow | null;
  schedule: ScheduleRow | null;
}

export async function itemState(db: Db, key: ItemKey): Promise<ItemState> {
  const [published, version, draft, schedule] = await Promise.all([
    publishedData(db, key),
    currentVersion(db, key),
    findDraft(db, key),
    findPendingSchedule(db, key),
  ]);
  return { published, version, draft, schedule };
}
