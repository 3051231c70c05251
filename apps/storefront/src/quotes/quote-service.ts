import { callService } from '@catalogue/service-kit/shared';
import type { z } from 'zod';
import { ServiceUnavailableError } from '../app/api/unavailable';
import { commerceListSearch, type QuoteListQuery } from './quote-query';
import {
  type AcceptedOrder,
  acceptedOrder,
  type BuyerQuote,
  type BuyerQuoteList,
  buyerQuote,
  buyerQuoteList,
  errorEnvelope,
  type QuoteMessage,
  quoteMessageList,
} from './quote-wire';

/**
 * The buyer's quote routes of the commerce service (`/v1/me/quotes…`, docs/quotes-wire.md), called
 * in-process with the user's own token: the service decides what the user reaches and may do. The SDK
 * has no quote resource, so these are plain requests through `callService`, as `auth/email-verification.ts`
 * calls the service's own routes.
 */

/** A refusal of the service: its HTTP status and first error (code, message, data). */
export class QuoteRefusal extends Error {
  override name = 'QuoteRefusal';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data: Record<string, unknown>,
  ) {
    super(message);
  }
}

const base = '/v1/me/quotes';
const quotePath = (id: string) => `${base}/${encodeURIComponent(id)}`;

async function call<T>(
  token: string,
  path: string,
  shape: z.ZodType<T>,
  init: { method?: 'GET' | 'POST'; body?: unknown; idempotencyKey?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.idempotencyKey) headers['idempotency-key'] = init.idempotencyKey;
  const answer = await callService('commerce', path, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  // A busy service is 503 with Retry-After for the routes (`app/api/unavailable.ts`), not a refusal.
  const unavailable = ServiceUnavailableError.of('commerce', answer);
  if (unavailable) throw unavailable;
  const json: unknown = await answer.json().catch(() => null);
  if (answer.ok) return shape.parse(json);
  const envelope = errorEnvelope.safeParse(json);
  const first = envelope.success ? envelope.data.Errors[0] : undefined;
  throw new QuoteRefusal(
    answer.status,
    first?.ErrorCode ?? `HTTP${answer.status}`,
    first?.Message ?? answer.statusText,
    first?.Data ?? {},
  );
}

export function listMyQuotes(token: string, query: QuoteListQuery): Promise<BuyerQuoteList> {
  return call(token, `${base}?${commerceListSearch(query)}`, buyerQuoteList);
}

/** The buyer's quotes among these IDs (the projects pages' quote links), at most 100. */
export function myQuotesByIds(token: string, ids: string[]): Promise<BuyerQuoteList> {
  const params = new URLSearchParams({ pageSize: '100', ID: ids.slice(0, 100).join('|') });
  return call(token, `${base}?${params}`, buyerQuoteList);
}

/** The quote, or null when it does not exist for this user (404). */
export async function myQuote(token: string, id: string): Promise<BuyerQuote | null> {
  try {
    return await call(token, quotePath(id), buyerQuote);
  } catch (error) {
    if (error instanceof QuoteRefusal && error.status === 404) return null;
    throw error;
  }
}

/** The whole conversation, oldest first (pages of 100 until the last). */
export async function myQuoteMessages(token: string, id: string): Promise<QuoteMessage[]> {
  const all: QuoteMessage[] = [];
  for (let page = 1; page <= 50; page++) {
    const answer = await call(token, `${quotePath(id)}/messages?page=${page}&pageSize=100`, quoteMessageList);
    all.push(...answer.Items);
    if (page >= answer.Meta.TotalPages) break;
  }
  return all;
}

/** The status of an order of the user (the one accepting created): `Open`, `AwaitingApproval`, … */
export async function myOrderStatus(token: string, orderId: string): Promise<string | null> {
  try {
    const order = await call(token, `/v1/orders/Outgoing/${encodeURIComponent(orderId)}`, acceptedOrder);
    return order.Status;
  } catch (error) {
    if (error instanceof QuoteRefusal && (error.status === 404 || error.status === 403)) return null;
    throw error;
  }
}

export interface PostOptions {
  token: string;
  id: string;
  idempotencyKey: string;
}

export function acceptMyQuote(
  { token, id, idempotencyKey }: PostOptions,
  body: { Revision: number; Comments?: string },
): Promise<AcceptedOrder> {
  return call(token, `${quotePath(id)}/accept`, acceptedOrder, { method: 'POST', body, idempotencyKey });
}

export function declineMyQuote({ token, id, idempotencyKey }: PostOptions, body: { Reason: string }) {
  return call(token, `${quotePath(id)}/decline`, buyerQuote, { method: 'POST', body, idempotencyKey });
}

export function requestQuoteChanges(
  { token, id, idempotencyKey }: PostOptions,
  body: { Message: string; LineItems?: { ID: string; Quantity: number }[] },
) {
  return call(token, `${quotePath(id)}/requestchanges`, buyerQuote, {
    method: 'POST',
    body,
    idempotencyKey,
  });
}

export function postQuoteMessage({ token, id, idempotencyKey }: PostOptions, body: { Text: string }) {
  return call(token, `${quotePath(id)}/messages`, quoteMessageList.shape.Items.element, {
    method: 'POST',
    body,
    idempotencyKey,
  });
}

/** Paths of the bodies above, for the idempotency key's hash. */
export const quoteActionPath = (id: string, action: 'accept' | 'decline' | 'requestchanges' | 'messages') =>
  `${quotePath(id)}/${action}`;
