import { type Db, databaseUnavailable } from '@catalogue/db';
import { startPeriodicJob } from '@catalogue/service-kit';
import type { Actor } from './actor';
import {
  claimDueSchedule,
  currentVersion,
  deleteDraftHolding,
  finishSchedule,
  lockItem,
  type ScheduleRow,
  setAuditActor,
} from './repository';
import { publishData } from './service';

/** At most this many publications per run, so one run ends; the next picks up the rest. */
const RUN_LIMIT = 500;

/**
 * Carries out the scheduled publications that are due, each in its own transaction holding the schedule
 * row's lock (`skip locked`): however many instances run this, each publication happens once. The
 * actor is the editor who scheduled it. A publication is refused (`failed`) when the item was published
 * or unpublished since it was scheduled, as a stale `publish(expectedVersion)` is. Answers what was done.
 */
export async function runDueSchedules(db: Db, now = new Date()): Promise<ScheduleRow[]> {
  const done: ScheduleRow[] = [];
  while (done.length < RUN_LIMIT) {
    const finished = await db.transaction(async (tx) => {
      const due = await claimDueSchedule(tx, now);
      if (!due) return null;
      const key = { type: due.type, id: due.id, locale: due.locale };
      await setAuditActor(tx, due.by as Actor);
      await lockItem(tx, key);
      const current = await currentVersion(tx, key);
      if (current !== due.baseVersion)
        return finishSchedule(tx, due.key, {
          state: 'failed',
          version: null,
          outcome: `version ${current} was published after this was scheduled at version ${due.baseVersion}`,
        });
      const version = await publishData(tx, key, current, due.data, due.restoredFrom, due.by as Actor);
      await deleteDraftHolding(tx, key, due.data);
      return finishSchedule(tx, due.key, { state: 'done', version: version.version, outcome: null });
    });
    if (!finished) break;
    done.push(finished);
  }
  return done;
}

/** The periodic job (CONTENT_SCHEDULE_INTERVAL_S; 0 = not on this instance). Answers its stop function. */
export function startScheduleJob(db: Db, intervalSeconds: number, log = console): () => void {
  return startPeriodicJob(
    'content schedule',
    intervalSeconds * 1000,
    async () => {
      try {
        const done = await runDueSchedules(db);
        if (done.length > 0) log.log(`[content] scheduled publications: ${done.length} carried out`);
      } catch (error) {
        const unavailable = databaseUnavailable(error);
        if (!unavailable) throw error;
        log.error(`[content] scheduled publications: database ${unavailable.reason}, retried next run`);
      }
    },
    log,
  );
}
