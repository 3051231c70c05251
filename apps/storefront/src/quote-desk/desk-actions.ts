'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { Products } from 'ordercloud-javascript-sdk';
import { configureInProcessCommerce } from '../data/commerce-sdk';
import { getDictionary } from '../data/content';
import { createTranslator, type Translate } from '../i18n/translator';
import { isLocaleCode } from '../routing/locale-codes';
import { localizedPath } from '../routing/locales';
import { salesSession } from '../sales/sales-session';
import { DeskApiError, patchLine, patchQuote, postQuoteMessage, sendQuote, withdrawQuote } from './desk-api';
import { deskErrorMessage, outcomeKnown } from './desk-errors';
import { type DeskFormState, newActionKey } from './desk-form-state';
import { headerFieldOfProperty, lineFieldOfProperty, readPricingForm } from './pricing-form';
import { parseQueueQuery, queueSearch } from './queue-query';

/**
 * The desk's server actions (Next refuses a server-action post whose Origin is not the site's, as for the
 * account forms), so every form works without JavaScript. Each acts with the signed-in seller's own token;
 * the commerce service decides what they may do. A success redirects to the page (which shows what was
 * done), a refusal answers the form with the reason next to what caused it.
 */

const ID = /^[\w-]{1,100}$/;

const text = (form: FormData, name: string, max: number): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value.slice(0, max) : '';
};

async function context(locale: string, quoteId: string) {
  if (!isLocaleCode(locale)) throw new Error(`quote desk action: unknown locale '${locale}'`);
  if (!ID.test(quoteId)) throw new Error('quote desk action: not a quote ID');
  const t = createTranslator(await getDictionary(locale));
  const session = await salesSession();
  const here = localizedPath(locale, `/sales/${encodeURIComponent(quoteId)}`);
  return { t, here, code: locale, seller: session.kind === 'seller' ? session : null };
}

/** The key a POST of this form carries: the one the form was rendered with. */
function actionKey(form: FormData): string {
  const key = text(form, 'key', 64);
  return /^[a-f0-9]{16,64}$/.test(key) ? key : newActionKey();
}

function refused(
  t: Translate,
  error: unknown,
  key: string,
  values: Record<string, string> = {},
): DeskFormState {
  return {
    status: 'refused',
    message: deskErrorMessage(error, t),
    errors: {},
    values,
    key: outcomeKnown(error) ? newActionKey() : key,
  };
}

function sessionEnded(t: Translate, key: string): DeskFormState {
  return { status: 'refused', message: t('login.sessionEnded'), errors: {}, values: {}, key };
}

/** Saves the pricing form: the header PATCH, then one PATCH per changed line. */
export async function savePricingAction(
  locale: string,
  quoteId: string,
  _previous: DeskFormState,
  form: FormData,
): Promise<DeskFormState> {
  const { t, here, seller } = await context(locale, quoteId);
  const key = actionKey(form);
  const values: Record<string, string> = {};
  for (const [name, value] of form)
    if (typeof value === 'string' && !name.startsWith('$')) values[name] = value;
  if (!seller) return sessionEnded(t, key);
  const lineIds = text(form, 'lines', 10_000)
    .split(',')
    .filter((id) => ID.test(id));
  const get = (name: string) => text(form, name, 4000);
  const changes = readPricingForm(get, lineIds, new Date().toISOString().slice(0, 10));
  if (Object.keys(changes.errors).length > 0) {
    const errors = Object.fromEntries(Object.entries(changes.errors).map(([field, k]) => [field, t(k)]));
    return { status: 'refused', message: t('quoteDesk.error.fields'), errors, values, key };
  }
  const errors: Record<string, string> = {};
  let message: string | null = null;
  let saved = 0;
  if (Object.keys(changes.header).length > 0) {
    try {
      await patchQuote(seller.token, quoteId, changes.header);
      saved++;
    } catch (error) {
      const field =
        error instanceof DeskApiError ? headerFieldOfProperty(error.errors[0]?.Data?.Property) : null;
      if (field) errors[field] = deskErrorMessage(error, t);
      else message = deskErrorMessage(error, t);
    }
  }
  for (const { id, patch } of changes.lines) {
    if (message) break;
    try {
      await patchLine(seller.token, quoteId, id, patch);
      saved++;
    } catch (error) {
      const field =
        error instanceof DeskApiError ? lineFieldOfProperty(id, error.errors[0]?.Data?.Property) : null;
      if (field) errors[field] = deskErrorMessage(error, t);
      else message = deskErrorMessage(error, t);
    }
  }
  if (Object.keys(errors).length === 0 && !message) redirect(`${here}?done=saved#pricing`);
  // Some changes may have been saved before one was refused: the page shows the stored figures again.
  if (saved > 0) revalidatePath(here);
  return {
    status: 'refused',
    message: message ?? t('quoteDesk.error.fields'),
    errors,
    values,
    key: newActionKey(),
  };
}

/** Assigns the quote to the signed-in seller, from the queue (`search`: the queue's query) or the quote. */
export async function assignToMeAction(
  locale: string,
  quoteId: string,
  search: string | null,
  _previous: DeskFormState,
  form: FormData,
): Promise<DeskFormState> {
  const { t, here, code, seller } = await context(locale, quoteId);
  const key = actionKey(form);
  if (!seller) return sessionEnded(t, key);
  try {
    await patchQuote(seller.token, quoteId, { AssignedUserID: seller.user.userId });
  } catch (error) {
    return refused(t, error, key);
  }
  if (search === null) redirect(`${here}?done=assigned`);
  // Back to the same queue view: the query is read and written again, never taken as it came.
  const queue = queueSearch(parseQueueQuery(new URLSearchParams(search)));
  const glue = queue ? '&' : '?';
  redirect(`${localizedPath(code, '/sales')}${queue}${glue}assigned=${encodeURIComponent(quoteId)}`);
}

export async function sendQuoteAction(
  locale: string,
  quoteId: string,
  _previous: DeskFormState,
  form: FormData,
): Promise<DeskFormState> {
  const { t, here, seller } = await context(locale, quoteId);
  const key = actionKey(form);
  const message = text(form, 'message', 4000).trim();
  if (!seller) return sessionEnded(t, key);
  try {
    await sendQuote(seller.token, quoteId, message, key);
  } catch (error) {
    return refused(t, error, key, { message });
  }
  redirect(`${here}?done=sent#revisions`);
}

export async function withdrawQuoteAction(
  locale: string,
  quoteId: string,
  _previous: DeskFormState,
  form: FormData,
): Promise<DeskFormState> {
  const { t, here, seller } = await context(locale, quoteId);
  const key = actionKey(form);
  const reason = text(form, 'reason', 2000).trim();
  if (!seller) return sessionEnded(t, key);
  try {
    await withdrawQuote(seller.token, quoteId, reason, key);
  } catch (error) {
    return refused(t, error, key, { reason });
  }
  redirect(`${here}?done=withdrawn`);
}

export async function replyAction(
  locale: string,
  quoteId: string,
  _previous: DeskFormState,
  form: FormData,
): Promise<DeskFormState> {
  const { t, here, seller } = await context(locale, quoteId);
  const key = actionKey(form);
  const reply = text(form, 'text', 4000).trim();
  if (!seller) return sessionEnded(t, key);
  if (!reply)
    return {
      status: 'refused',
      message: null,
      errors: { text: t('register.errorRequired') },
      values: {},
      key,
    };
  try {
    await postQuoteMessage(seller.token, quoteId, reply, key);
  } catch (error) {
    return refused(t, error, key, { text: reply });
  }
  redirect(`${here}?done=replied#messages`);
}

export interface ProductMatch {
  ID: string;
  Name: string;
}

/**
 * The substitute picker's suggestions: products whose catalogue number or name matches, the exact
 * catalogue number first. Whether the buyer may buy it is the service's to say when the line is saved.
 */
export async function findProductsAction(query: string): Promise<ProductMatch[]> {
  const session = await salesSession();
  const search = typeof query === 'string' ? query.trim().slice(0, 100) : '';
  if (session.kind !== 'seller' || search.length < 2) return [];
  configureInProcessCommerce();
  try {
    const found = await Products.List(
      { search, searchOn: ['ID', 'Name'], pageSize: 8 },
      { accessToken: session.token },
    );
    const items = found.Items.map((p) => ({ ID: p.ID ?? '', Name: p.Name ?? '' })).filter((p) => p.ID);
    const exact = search.toUpperCase();
    return items.sort((a, b) => Number(b.ID.toUpperCase() === exact) - Number(a.ID.toUpperCase() === exact));
  } catch {
    return [];
  }
}
