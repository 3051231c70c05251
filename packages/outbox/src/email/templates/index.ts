import type { Db } from '@catalogue/db';
import type { z } from 'zod';
import { PermanentDeliveryError, UnknownWorkError } from '../../errors';
import { mailTexts } from '../texts';
import { accountExistsData, renderAccountExists } from './account-exists';
import { emailVerificationData, renderEmailVerification } from './email-verification';
import { newsletterConfirmationData, renderNewsletterConfirmation } from './newsletter-confirmation';
import { passwordResetData, renderPasswordReset } from './password-reset';
import { renderUserMessage } from './user-message';
import { userMessageData } from './user-message-data';

/** A mail a template produced, ready for the transport. */
export interface RenderedMail {
  to: string | string[];
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /** The language of the texts, for Content-Language. */
  language?: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

interface Template<S extends z.ZodType> {
  data: S;
  /** Renders from the dictionary texts; `db` for a template whose texts live in another content item. */
  render(
    data: z.output<S>,
    texts: Awaited<ReturnType<typeof mailTexts>>,
    db: Db,
  ): RenderedMail | Promise<RenderedMail>;
}

const template = <S extends z.ZodType>(t: Template<S>) => t as unknown as Template<z.ZodType>;

/**
 * The mail templates by name (`payload.template`). Each validates its data with zod and renders from the
 * dictionary texts of `payload.locale`. Issue 9's quote-request mail to the sales team is queued as a ready
 * message instead; everything mailed to a user comes from one of these.
 */
export const TEMPLATES: Readonly<Record<string, Template<z.ZodType>>> = {
  'password-reset': template({ data: passwordResetData, render: renderPasswordReset }),
  'newsletter-confirmation': template({
    data: newsletterConfirmationData,
    render: renderNewsletterConfirmation,
  }),
  'email-verification': template({ data: emailVerificationData, render: renderEmailVerification }),
  'account-exists': template({ data: accountExistsData, render: renderAccountExists }),
  'user-message': template({ data: userMessageData, render: renderUserMessage }),
};

/**
 * Renders `payload` with its template. An unknown template throws `UnknownWorkError` (a newer version may
 * know it), data the template refuses `PermanentDeliveryError` (it will never render).
 */
export async function renderTemplate(db: Db, name: string, payload: unknown): Promise<RenderedMail> {
  const found = Object.hasOwn(TEMPLATES, name) ? TEMPLATES[name] : undefined;
  if (!found) throw new UnknownWorkError(`unknown mail template '${name}'`);
  const parsed = found.data.safeParse(payload);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`);
    throw new PermanentDeliveryError(`invalid data for mail template '${name}': ${problems.join('; ')}`);
  }
  const locale = (parsed.data as { locale?: string }).locale;
  return found.render(parsed.data, await mailTexts(db, locale), db);
}
