'use server';

import { redirect } from 'next/navigation';
import { getDictionary } from '../data/content';
import { createTranslator, type Translate } from '../i18n/translator';
import { isLocaleCode } from '../routing/locale-codes';
import { localizedPath } from '../routing/locales';
import { formKeyOf, freshFormKey, idempotencyKeyFor } from './action-key';
import type { DoneAction, QuoteFormState } from './quote-form-state';
import { isDefiniteAnswer, refusalText } from './quote-refusal';
import {
  acceptMyQuote,
  declineMyQuote,
  type PostOptions,
  postQuoteMessage,
  QuoteRefusal,
  quoteActionPath,
  requestQuoteChanges,
} from './quote-service';
import { quoteSession } from './quote-session';

/**
 * The quote page's server actions (Next refuses a server-action post whose Origin is not the site's, as
 * for the account forms), so every form works without JavaScript. Each acts with the token of the
 * UserToken cookie; its commerce POST carries an Idempotency-Key made from the form's key and the request,
 * so a double submission acts once. A refusal keeps what was typed and says why; a success redirects to
 * the quote with `?done=`.
 */

const MAX_TEXT = 4000;
const MAX_REASON = 2000;

const text = (form: FormData, name: string, max: number): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
};

async function context(locale: string, quoteId: string) {
  if (!isLocaleCode(locale)) throw new Error(`quote action: unknown locale '${locale}'`);
  if (!/^[\w-]{1,100}$/.test(quoteId)) throw new Error('quote action: malformed quote ID');
  const t = createTranslator(await getDictionary(locale));
  const session = await quoteSession();
  return { locale, t, token: session.kind === 'buyer' ? session.token : null };
}

function done(locale: Parameters<typeof localizedPath>[0], quoteId: string, action: DoneAction): never {
  const anchor = action === 'message' ? 'messages' : 'outcome';
  redirect(`${localizedPath(locale, `/quotes/${encodeURIComponent(quoteId)}`)}?done=${action}#${anchor}`);
}

function refused(
  key: string,
  values: Record<string, string>,
  state: Partial<QuoteFormState>,
): QuoteFormState {
  return { status: 'refused', key, values, errors: {}, message: null, reload: false, ...state };
}

/** The refusal as the form shows it, with a new key once the answer is definite. */
function fromRefusal(
  error: unknown,
  t: Translate,
  locale: string,
  key: string,
  values: Record<string, string>,
): QuoteFormState {
  if (!(error instanceof QuoteRefusal)) {
    console.error('[quotes] the commerce service failed:', error);
    return refused(key, values, { message: t('quotes.error.unavailable') });
  }
  const { message, reload } = refusalText(error, t, locale);
  const next = isDefiniteAnswer(error.status, error.code) ? freshFormKey() : key;
  return refused(next, values, { message, reload });
}

type QuoteAction = Parameters<typeof quoteActionPath>[1];

/**
 * Posts `body` to the quote's `action` with the form's idempotency key; a refusal comes back as the form's
 * state, a success goes on to the quote with `?done=`.
 */
async function post<B>(
  send: (options: PostOptions, body: B) => Promise<unknown>,
  action: QuoteAction,
  body: B,
  form: {
    t: Translate;
    token: string;
    code: Parameters<typeof localizedPath>[0];
    key: string;
    values: Record<string, string>;
  },
  quoteId: string,
  outcome: DoneAction,
): Promise<QuoteFormState> {
  const { t, token, code, key, values } = form;
  try {
    await send(
      { token, id: quoteId, idempotencyKey: idempotencyKeyFor(key, quoteActionPath(quoteId, action), body) },
      body,
    );
  } catch (error) {
    return fromRefusal(error, t, code, key, values);
  }
  done(code, quoteId, outcome);
}

export async function acceptQuoteAction(
  locale: string,
  quoteId: string,
  revision: number,
  _previous: QuoteFormState,
  form: FormData,
): Promise<QuoteFormState> {
  const { t, token, locale: code } = await context(locale, quoteId);
  const key = formKeyOf(form.get('key'));
  const values = { comments: text(form, 'comments', MAX_REASON) };
  if (!token) return refused(key, values, { message: t('login.sessionEnded') });
  // The revision the page showed: the service refuses it when another was sent since (409).
  const body = { Revision: revision, ...(values.comments ? { Comments: values.comments } : {}) };
  return post(acceptMyQuote, 'accept', body, { t, token, code, key, values }, quoteId, 'accepted');
}

export async function declineQuoteAction(
  locale: string,
  quoteId: string,
  _previous: QuoteFormState,
  form: FormData,
): Promise<QuoteFormState> {
  const { t, token, locale: code } = await context(locale, quoteId);
  const key = formKeyOf(form.get('key'));
  const values = { reason: text(form, 'reason', MAX_REASON) };
  if (!token) return refused(key, values, { message: t('login.sessionEnded') });
  if (!values.reason) return refused(key, values, { errors: { reason: t('quotes.error.required') } });
  const body = { Reason: values.reason };
  return post(declineMyQuote, 'decline', body, { t, token, code, key, values }, quoteId, 'declined');
}

/** Quantity fields are `quantity:<line ID>`; each must be a whole number of at least 1. */
export async function requestChangesAction(
  locale: string,
  quoteId: string,
  _previous: QuoteFormState,
  form: FormData,
): Promise<QuoteFormState> {
  const { t, token, locale: code } = await context(locale, quoteId);
  const key = formKeyOf(form.get('key'));
  const message = text(form, 'message', MAX_TEXT);
  const values: Record<string, string> = { message };
  const errors: Record<string, string> = {};
  const lines: { ID: string; Quantity: number }[] = [];
  for (const [name, raw] of form.entries()) {
    if (!name.startsWith('quantity:') || typeof raw !== 'string') continue;
    const lineId = name.slice('quantity:'.length);
    if (!/^[\w-]{1,100}$/.test(lineId) || lines.length >= 500) continue;
    const typed = raw.trim().slice(0, 12);
    values[name] = typed;
    const quantity = Number(typed);
    if (!/^\d+$/.test(typed) || !Number.isSafeInteger(quantity) || quantity < 1) {
      errors[name] = t('quotes.error.quantity');
    } else lines.push({ ID: lineId, Quantity: quantity });
  }
  if (!token) return refused(key, values, { message: t('login.sessionEnded') });
  if (!message) errors.message = t('quotes.error.required');
  if (Object.keys(errors).length > 0) return refused(key, values, { errors });
  // Every line with its quantity: the service leaves a line whose quantity did not change as it is.
  const body = { Message: message, ...(lines.length > 0 ? { LineItems: lines } : {}) };
  return post(
    requestQuoteChanges,
    'requestchanges',
    body,
    { t, token, code, key, values },
    quoteId,
    'changes',
  );
}

export async function messageQuoteAction(
  locale: string,
  quoteId: string,
  _previous: QuoteFormState,
  form: FormData,
): Promise<QuoteFormState> {
  const { t, token, locale: code } = await context(locale, quoteId);
  const key = formKeyOf(form.get('key'));
  const values = { text: text(form, 'text', MAX_TEXT) };
  if (!token) return refused(key, values, { message: t('login.sessionEnded') });
  if (!values.text) return refused(key, values, { errors: { text: t('quotes.error.required') } });
  const body = { Text: values.text };
  return post(postQuoteMessage, 'messages', body, { t, token, code, key, values }, quoteId, 'message');
}
