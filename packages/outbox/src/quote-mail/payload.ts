import { z } from 'zod';

/** The events a quote mail tells of (the commerce service's `quotes/mails.ts` queues them). */
export const QUOTE_MAIL_EVENTS = [
  'sent',
  'revised',
  'accepted',
  'declined',
  'changesRequested',
  'message',
  'expiring',
  'expired',
  'withdrawn',
] as const;
export type QuoteMailEvent = (typeof QUOTE_MAIL_EVENTS)[number];

/**
 * A `quote-mail` row: one event of a quote for one recipient. It names the event (the audit trail's key)
 * and the message written with it, not their text — the mail is rendered from the stored event, message
 * and frozen revision, so a redelivery renders the same mail.
 */
export const quoteMailPayload = z.object({
  quoteId: z.string().min(1),
  event: z.enum(QUOTE_MAIL_EVENTS),
  revision: z.number().int().min(0),
  /** `buyer`: the project's sender; `seller`: `sellerUserId` (the rep then), else the sales team. */
  recipient: z.enum(['buyer', 'seller']),
  sellerUserId: z.string().nullish(),
  eventKey: z.number().int().optional(),
  messageKey: z.number().int().optional(),
});
export type QuoteMailPayload = z.output<typeof quoteMailPayload>;
