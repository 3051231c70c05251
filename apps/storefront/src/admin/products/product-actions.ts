'use server';

import { redirect } from 'next/navigation';
import { Products } from 'ordercloud-javascript-sdk';
import { isLocaleCode } from '../../routing/locale-codes';
import { localizedPath } from '../../routing/locales';
import { adminSession } from '../admin-session';
import { AdminCallError, commerceCall, withToken } from '../commerce-calls';
import { type FormValues, readProductForm, submittedValues } from './product-form';

/**
 * Saves the product editor (a server action: Next refuses a post whose Origin is not the site's, which
 * makes it CSRF-safe, and the form works without JavaScript). It PATCHes only what the editor changed,
 * with the signed-in user's token, so the commerce service checks the role and records the change in
 * the audit trail under that user. A success shows the product again with a notice.
 */

export interface ProductFormState {
  status: 'idle' | 'refused';
  message: string | null;
  errors: Record<string, string>;
  values: FormValues | null;
  /** Moves on with every answer, so the form is drawn again with what was typed. */
  version: number;
}

const ID = /^[\w.-]{1,100}$/;

export async function saveProductAction(
  locale: string,
  productId: string,
  original: FormValues,
  previous: ProductFormState,
  form: FormData,
): Promise<ProductFormState> {
  if (!isLocaleCode(locale) || !ID.test(productId))
    throw new Error('product editor: bad locale or product ID');
  const values = submittedValues(form);
  const version = previous.version + 1;
  const session = await adminSession();
  if (session.kind !== 'staff') {
    return {
      status: 'refused',
      message: 'Your session has ended: log in again, then save.',
      errors: {},
      values,
      version,
    };
  }
  const reading = readProductForm(original, values);
  if (!reading.ok) {
    return {
      status: 'refused',
      message: 'Correct the marked fields, then save again.',
      errors: reading.errors,
      values,
      version,
    };
  }
  const here = localizedPath(locale, `/admin/products/${encodeURIComponent(productId)}`);
  if (reading.changed.length === 0) redirect(`${here}?saved=none`);
  try {
    await commerceCall(() => Products.Patch(productId, reading.patch, withToken(session.token)));
  } catch (error) {
    if (!(error instanceof AdminCallError)) throw error;
    const field = error.property && reading.changed.includes(error.property) ? error.property : null;
    return {
      status: 'refused',
      message: error.status === 403 ? 'Your role may not change products.' : error.message,
      errors: field ? { [field]: error.message } : {},
      values,
      version,
    };
  }
  redirect(`${here}?saved=${reading.changed.length}`);
}
