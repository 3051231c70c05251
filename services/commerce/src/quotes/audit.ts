import type { Principal } from '../auth/claims';
import { eventMails } from './mails';
import { insertEvent, type QuoteRow, type Tx } from './repository';
import type { QuoteAction, QuoteStatus } from './transitions';
import type { RevisionContent } from './wire';

/**
 * The audit trail (docs/quotes-wire.md "Audit trail"): every transition and every change of a quote is one
 * `quote_events` row written in the transaction that makes it — who (seller, buyer or the system's
 * expiry job), when, the action, the status before and after, the revision, and what changed. This is the
 * one place every event passes through, so the mails of issue 23 item 6 hook in here: `mails.ts` names
 * the outbox rows of the event, written by the event's own statement.
 */
export interface Actor {
  type: 'seller' | 'buyer' | 'system';
  companyId: string | null;
  userId: string | null;
}

export const SYSTEM: Actor = { type: 'system', companyId: null, userId: null };

export function actorOf(principal: Principal): Actor {
  return {
    type: principal.companyType === 'seller' ? 'seller' : 'buyer',
    companyId: principal.companyId,
    userId: principal.userId,
  };
}

/** `{Property: [before, after]}` for every property whose value differs (compared as JSON). */
export type Changes = Record<string, [unknown, unknown]>;

export function changesBetween(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  prefix = '',
): Changes {
  const changes: Changes = {};
  for (const key of Object.keys(after)) {
    const was = before[key] ?? null;
    const is = after[key] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[`${prefix}${key}`] = [was, is];
  }
  return changes;
}

export async function recordEvent(
  tx: Tx,
  event: {
    /** The quote before the event; the mails read its assignee, name and company when it has them. */
    quote: Pick<QuoteRow, 'id' | 'status' | 'revision'> &
      Partial<Pick<QuoteRow, 'assignedUserId' | 'name' | 'fromCompanyName'>>;
    action: QuoteAction | 'submit' | 'price' | 'warnExpiry';
    to: QuoteStatus;
    actor: Actor;
    changes?: Changes;
    /** The status before, when the quote did not exist before the event ('' for its creation). */
    from?: QuoteStatus | '';
    /** The revision the event concerns when it is not the quote's current one (a send: the new one). */
    revision?: number;
    /** The key of the message written with the event (a send's message, a change request's), for its mail. */
    messageKey?: number;
    /** The content of `revision` when the caller holds it (the mails would read it otherwise). */
    content?: RevisionContent;
    /** Columns of the quote the event sets, written by the event's statement when the caller need not read them back. */
    set?: Partial<QuoteRow>;
    at: Date;
  },
): Promise<void> {
  const revision = event.revision ?? event.quote.revision;
  const changes = event.changes ?? {};
  // The mails are known before the event's key: one statement writes the event and them.
  const mails = await eventMails(tx, {
    quote: {
      id: event.quote.id,
      name: event.quote.name ?? event.quote.id,
      assignedUserId: event.quote.assignedUserId ?? null,
      fromCompanyName: event.quote.fromCompanyName ?? '',
    },
    action: event.action,
    revision,
    actor: event.actor,
    changes,
    messageKey: event.messageKey,
    content: event.content,
    at: event.at,
  });
  await insertEvent(
    tx,
    {
      quoteId: event.quote.id,
      action: event.action,
      fromStatus: event.from ?? event.quote.status,
      toStatus: event.to,
      revision,
      actorType: event.actor.type,
      actorCompanyId: event.actor.companyId,
      actorUserId: event.actor.userId,
      changes,
      at: event.at,
    },
    mails,
    event.set,
  );
}
