import { callService } from '@catalogue/service-kit/shared';
import type { ApiErrorItem, DeskEvent, DeskMessage, DeskQuote, DeskRevision, ListPage } from './desk-types';

/**
 * The seller's quote routes of the commerce service (`/v1/quotes…`, docs/quotes-wire.md), called in-process
 * with the signed-in seller's own token: the service decides what the caller may read and change (roles
 * QuoteReader / QuoteAdmin). The SDK has no quote resource, so these are plain requests in its wire format.
 */

/** A refusal of the commerce service with its `Errors[]`. */
export class DeskApiError extends Error {
  override name = 'DeskApiError';
  constructor(
    readonly status: number,
    readonly errors: ApiErrorItem[],
  ) {
    super(errors[0]?.Message ?? `The commerce service answered ${status}.`);
  }
  get code(): string {
    return this.errors[0]?.ErrorCode ?? '';
  }
}

interface CallOptions {
  body?: unknown;
  /** Sent as `Idempotency-Key` (POSTs only): a repeated action gets the first answer. */
  idempotencyKey?: string;
}

async function call<T>(token: string, method: string, path: string, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey && method === 'POST') headers['idempotency-key'] = options.idempotencyKey;
  const answer = await callService('commerce', `/v1${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await answer.text();
  const parsed: unknown = text ? JSON.parse(text) : null;
  if (!answer.ok) {
    const errors = (parsed as { Errors?: ApiErrorItem[] } | null)?.Errors ?? [];
    throw new DeskApiError(answer.status, errors);
  }
  return parsed as T;
}

const quotePath = (id: string) => `/quotes/${encodeURIComponent(id)}`;

export function listQuotes(token: string, query: URLSearchParams): Promise<ListPage<DeskQuote>> {
  const search = query.toString();
  return call(token, 'GET', `/quotes${search ? `?${search}` : ''}`);
}

export function getQuote(token: string, id: string): Promise<DeskQuote> {
  return call(token, 'GET', quotePath(id));
}

export interface QuoteHeaderPatch {
  AssignedUserID?: string | null;
  ValidUntil?: string | null;
  FreightAmount?: number;
  Terms?: string | null;
  InternalNote?: string | null;
}

export function patchQuote(token: string, id: string, body: QuoteHeaderPatch): Promise<DeskQuote> {
  return call(token, 'PATCH', quotePath(id), { body });
}

export interface QuoteLinePatch {
  UnitPrice?: number | null;
  DiscountPercent?: number | null;
  LeadTimeDays?: number | null;
  SubstituteProductID?: string | null;
  Note?: string | null;
}

export function patchLine(
  token: string,
  id: string,
  lineId: string,
  body: QuoteLinePatch,
): Promise<DeskQuote> {
  return call(token, 'PATCH', `${quotePath(id)}/lineitems/${encodeURIComponent(lineId)}`, { body });
}

export function sendQuote(token: string, id: string, message: string, key: string): Promise<DeskQuote> {
  return call(token, 'POST', `${quotePath(id)}/send`, {
    body: message ? { Message: message } : {},
    idempotencyKey: key,
  });
}

export function withdrawQuote(token: string, id: string, reason: string, key: string): Promise<DeskQuote> {
  return call(token, 'POST', `${quotePath(id)}/withdraw`, {
    body: reason ? { Reason: reason } : {},
    idempotencyKey: key,
  });
}

export function quoteRevisions(token: string, id: string): Promise<ListPage<DeskRevision>> {
  return call(token, 'GET', `${quotePath(id)}/revisions`);
}

export function quoteEvents(token: string, id: string): Promise<ListPage<DeskEvent>> {
  return call(token, 'GET', `${quotePath(id)}/events`);
}

export function quoteMessages(token: string, id: string): Promise<ListPage<DeskMessage>> {
  return call(token, 'GET', `${quotePath(id)}/messages?pageSize=100`);
}

export function postQuoteMessage(token: string, id: string, text: string, key: string): Promise<DeskMessage> {
  return call(token, 'POST', `${quotePath(id)}/messages`, { body: { Text: text }, idempotencyKey: key });
}
