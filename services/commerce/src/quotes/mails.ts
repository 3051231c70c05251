import { outbox, quoteRevisions } from '@catalogue/db/schema';
import { and, eq } from 'drizzle-orm';
import type { Actor, Changes } from './audit';
import type { QuoteRow, Tx } from './repository';
import { type RevisionContent, revisionContent } from './wire';

/**
 * The messages of issue 23 item 6: every event that concerns the other side queues, in the transaction
 * that records it (so it is never lost and never queued by a refused transition), one `quote-mail` outbox
 * row per recipient — the outbox worker renders it in the recipient's language, with the quote PDF where
 * there is one, and sends it at least once under a Message-ID taken from the row
 * (`packages/outbox/src/quote-mail/`). The row names the event, not its text: the event, the message and
 * the frozen revision are read back when it is rendered. Accepted and declined quotes also queue a
 * marketing push. A dedupe key per event and recipient makes a second queueing of the same mail fail.
 */

/** The mails' events, as the outbox renders them. */
export type QuoteMailEvent =
  | 'sent'
  | 'revised'
  | 'accepted'
  | 'declined'
  | 'changesRequested'
  | 'message'
  | 'expiring'
  | 'expired'
  | 'withdrawn';

/** Who reads it: the project's sender, or the assigned rep (the sales team's address when none). */
type Recipient = 'buyer' | 'seller';

/** What the audit trail's actions mail, and to whom; actions missing here concern only their own side. */
function mailOf(action: string, revision: number): { event: QuoteMailEvent; to: Recipient } | null {
  switch (action) {
    case 'send':
      return { event: revision > 1 ? 'revised' : 'sent', to: 'buyer' };
    case 'accept':
      return { event: 'accepted', to: 'seller' };
    case 'decline':
      return { event: 'declined', to: 'seller' };
    case 'requestChanges':
      return { event: 'changesRequested', to: 'seller' };
    case 'warnExpiry':
      return { event: 'expiring', to: 'buyer' };
    case 'expire':
      return { event: 'expired', to: 'buyer' };
    case 'withdraw':
      return { event: 'withdrawn', to: 'buyer' };
    default:
      return null;
  }
}

/** The payload of a `quote-mail` row (without `eventKey`, which the event's row supplies). */
function mailPayload(
  quote: Pick<QuoteRow, 'id' | 'assignedUserId'>,
  mail: { event: QuoteMailEvent; to: Recipient; revision: number; messageKey?: number | undefined },
): Record<string, unknown> {
  return {
    quoteId: quote.id,
    event: mail.event,
    revision: mail.revision,
    recipient: mail.to,
    // The rep at the time of the event; the outbox falls back to the sales team's address.
    ...(mail.to === 'seller' ? { sellerUserId: quote.assignedUserId } : {}),
    ...(mail.messageKey !== undefined ? { messageKey: mail.messageKey } : {}),
  };
}

/**
 * An outbox row of an event, written by the statement that writes the event's row (`insertEvent`): the
 * event's key, known only then, goes into `payload.eventKey` when `keyed`, and between the two parts of
 * `dedupe`.
 */
export interface EventOutboxRow {
  kind: 'quote-mail' | 'marketing-push';
  payload: Record<string, unknown>;
  keyed: boolean;
  dedupe: [string, string];
}

/** What `recordEvent` queues with every event, in its statement (nothing for an event of one side only). */
export async function eventMails(
  tx: Tx,
  event: {
    quote: Pick<QuoteRow, 'id' | 'name' | 'assignedUserId' | 'fromCompanyName'>;
    action: string;
    revision: number;
    actor: Actor;
    changes: Changes;
    /** The message written with the event (a send's, a withdrawal's reason, a change request's). */
    messageKey?: number | undefined;
    /** The content of `revision`, when the caller holds it. */
    content?: RevisionContent | undefined;
    at: Date;
  },
): Promise<EventOutboxRow[]> {
  const mail = mailOf(event.action, event.revision);
  if (!mail) return [];
  const rows: EventOutboxRow[] = [
    {
      kind: 'quote-mail',
      payload: mailPayload(event.quote, { ...mail, revision: event.revision, messageKey: event.messageKey }),
      keyed: true,
      dedupe: ['quote-mail:', `:${mail.to}`],
    },
  ];
  if (event.action === 'accept' || event.action === 'decline') rows.push(await pushOf(tx, event));
  return rows;
}

/** A message written on its own (`POST …/messages`) goes to the other side. */
export async function queueMessageMail(
  tx: Tx,
  quote: Pick<QuoteRow, 'id' | 'assignedUserId' | 'revision'>,
  message: { key: number; fromSide: string },
): Promise<void> {
  const to: Recipient = message.fromSide === 'Seller' ? 'buyer' : 'seller';
  await tx.insert(outbox).values({
    kind: 'quote-mail',
    payload: mailPayload(quote, { event: 'message', to, revision: quote.revision, messageKey: message.key }),
    dedupeKey: `quote-mail:message:${message.key}:${to}`,
  });
}

const after = (changes: Changes, property: string): unknown => changes[property]?.[1] ?? null;

/**
 * The marketing-automation push of an accepted or declined quote (as the quote request's push of a
 * submitted project, `packages/outbox/src/marketing-push.ts`): which products were won or lost, for whom,
 * at what total — the revision on offer, read from its frozen content.
 */
/** The content of a sent revision; none before the first send (a quote declined while in review). */
async function sentContent(tx: Tx, quoteId: string, revision: number): Promise<RevisionContent | null> {
  const [sent] = await tx
    .select({ content: quoteRevisions.content })
    .from(quoteRevisions)
    .where(and(eq(quoteRevisions.quoteId, quoteId), eq(quoteRevisions.revision, revision)))
    .limit(1);
  return sent ? revisionContent.parse(sent.content) : null;
}

async function pushOf(tx: Tx, event: Parameters<typeof eventMails>[1]): Promise<EventOutboxRow> {
  const content = event.content ?? (await sentContent(tx, event.quote.id, event.revision));
  return {
    kind: 'marketing-push',
    payload: {
      quoteDetails: {
        quoteId: event.quote.id,
        projectName: event.quote.name,
        status: event.action === 'accept' ? 'Accepted' : 'Declined',
        revision: event.revision,
        orderId: after(event.changes, 'OrderID'),
        declineReason: after(event.changes, 'DeclineReason'),
        company: { id: event.actor.companyId, name: event.quote.fromCompanyName },
        userId: event.actor.userId,
        currency: content?.Currency ?? null,
        total: content?.Total ?? null,
        lines: (content?.LineItems ?? []).map((line) => ({
          productId: line.SubstituteProductID ?? line.ProductID,
          requestedProductId: line.ProductID,
          quantity: line.Quantity,
          unitPrice: line.UnitPrice,
        })),
        at: event.at.toISOString(),
      },
    },
    keyed: false,
    dedupe: ['quote-push:', ''],
  };
}
