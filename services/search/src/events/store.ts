import type { Db } from '@catalogue/db';
import { searchEvents } from '@catalogue/db/schema';
import type { AttributedEvent } from './publisher';

/** Appends accepted events to `search_events` in one statement (all of a batch, or none). */
export async function storeEvents(db: Db, events: AttributedEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(searchEvents).values(
    events.map((event) => ({
      name: event.name,
      action: event.action,
      actionCause: event.actionCause,
      actionSubType: event.actionSubType,
      uuid: event.uuid,
      userId: event.userId,
      companyId: event.companyId,
      source: event.source,
      clientTime: event.clientTime,
      rfkId: event.rfkId,
      entityType: event.entityType,
      entityIds: event.entityIds,
      position: event.position,
      locale: event.locale,
      pageUri: event.pageUri,
      value: event.value,
    })),
  );
}
