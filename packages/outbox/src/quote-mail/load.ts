import type { Db } from '@catalogue/db';
import {
  buyers,
  orders,
  quoteEvents,
  quoteMessages,
  quoteRevisions,
  quotes,
  users,
} from '@catalogue/db/schema';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { PermanentDeliveryError } from '../errors';
import { type QuoteDocumentContent, quoteDocumentContent } from '../quote-document/content';
import type { QuoteMailPayload } from './payload';

type UserRow = typeof users.$inferSelect;

/** An event's `{Property: [before, after]}`, a message's `{FirstName, LastName}`: as stored, or nothing. */
const changesOf = z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).catch({});
const writer = z.object({ FirstName: z.string().optional(), LastName: z.string().optional() }).catch({});

/** Everything a quote mail says, read back from the database. */
export interface QuoteMailData {
  quoteId: string;
  name: string;
  companyName: string;
  /** The project's sender. */
  buyer: { name: string; email: string; confirmed: boolean; locale: string | null };
  /** The assigned rep now, when they have a confirmed address (the buyer's mails answer to them). */
  rep: { name: string; email: string; locale: string | null } | null;
  revision: number;
  /** The revision's frozen content and when it was sent; null before the first send. */
  sent: { content: QuoteDocumentContent; dateSent: Date; validUntil: Date } | null;
  /** Who made the event happen (a buyer accepting, declining; the writer of a message). */
  actorName: string;
  /** `{Property: [before, after]}` of the event (DeclineReason, OrderID). */
  changes: Record<string, [unknown, unknown]>;
  /** The message written with the event, or the message the mail is about. */
  message: { text: string; author: string } | null;
}

const fullName = (user: Pick<UserRow, 'firstName' | 'lastName' | 'username'> | undefined, fallback: string) =>
  `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim() || user?.username || fallback;

async function userOf(
  db: Db,
  companyType: string,
  companyId: string,
  id: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyType, companyType), eq(users.companyId, companyId), eq(users.id, id)))
    .limit(1);
  return row;
}

/** A seller user who may receive mail: active, with an address they confirmed. */
export async function mailableRep(db: Db, id: string | null | undefined) {
  if (!id) return null;
  const rep = await userOf(db, 'seller', '', id);
  if (!rep?.active || !rep.email || !rep.emailVerifiedAt) return null;
  return { name: fullName(rep, id), email: rep.email, locale: rep.locale };
}

/**
 * Reads the mail's quote, project, people, revision, event and message. A quote that no longer exists
 * can never be mailed: `PermanentDeliveryError`.
 */
export async function loadQuoteMail(db: Db, payload: QuoteMailPayload): Promise<QuoteMailData> {
  const [row] = await db
    .select({ quote: quotes, order: orders })
    .from(quotes)
    .innerJoin(orders, eq(orders.id, quotes.id))
    .where(eq(quotes.id, payload.quoteId))
    .limit(1);
  if (!row) throw new PermanentDeliveryError(`quote ${payload.quoteId} no longer exists`);
  const { quote, order } = row;
  const [sender, [company], [revision], [event], [message]] = await Promise.all([
    userOf(db, order.fromCompanyType, order.fromCompanyId, order.fromUserId),
    db.select({ name: buyers.name }).from(buyers).where(eq(buyers.id, order.fromCompanyId)).limit(1),
    payload.revision > 0
      ? db
          .select()
          .from(quoteRevisions)
          .where(and(eq(quoteRevisions.quoteId, quote.id), eq(quoteRevisions.revision, payload.revision)))
          .limit(1)
      : Promise.resolve([]),
    payload.eventKey !== undefined
      ? db.select().from(quoteEvents).where(eq(quoteEvents.key, payload.eventKey)).limit(1)
      : Promise.resolve([]),
    payload.messageKey !== undefined
      ? db.select().from(quoteMessages).where(eq(quoteMessages.key, payload.messageKey)).limit(1)
      : Promise.resolve([]),
  ]);
  const actor =
    event?.actorUserId && event.actorType !== 'system'
      ? await userOf(db, event.actorType, event.actorCompanyId ?? '', event.actorUserId)
      : undefined;
  const author = writer.parse(message?.fromUser);
  return {
    quoteId: quote.id,
    name: quote.name || quote.id,
    companyName: company?.name ?? (quote.fromCompanyName || order.fromCompanyId),
    buyer: {
      name: fullName(sender, order.fromUserId),
      email: sender?.email ?? '',
      confirmed: Boolean(sender?.email && sender.emailVerifiedAt && sender.active),
      locale: sender?.locale ?? null,
    },
    rep: await mailableRep(db, quote.assignedUserId),
    revision: payload.revision,
    sent: revision
      ? {
          content: quoteDocumentContent.parse(revision.content),
          dateSent: revision.dateSent,
          validUntil: revision.validUntil,
        }
      : null,
    actorName: fullName(actor, event?.actorUserId ?? ''),
    changes: changesOf.parse(event?.changes),
    message: message
      ? {
          text: message.body,
          author: `${author.FirstName ?? ''} ${author.LastName ?? ''}`.trim() || message.fromUserId,
        }
      : null,
  };
}
