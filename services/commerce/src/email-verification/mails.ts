import { createHash, randomBytes } from 'node:crypto';
import type { LocaleCode } from '@catalogue/dataset/model';
import type { Db } from '@catalogue/db';
import { outbox } from '@catalogue/db/schema';
import type { SiteLinks } from './site-links';

/** The storefront page a verification link opens (`apps/storefront/src/app/[locale]/verify-email`). */
export const VERIFY_PAGE = '/verify-email';

/** A new code for a link: 192 random bits; only its SHA-256 is ever stored. */
export function newCode(): { code: string; hash: string } {
  const code = randomBytes(24).toString('base64url');
  return { code, hash: hashCode(code) };
}

export function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/**
 * Queues the verification mail (outbox template `email-verification` of `@catalogue/outbox`): the code, the
 * link to the site's confirmation page with it, and how long it works. `registration`: a new account that
 * exists once the address is confirmed; `change`: an account's new address.
 */
export async function queueVerificationMail(
  db: Db,
  links: SiteLinks,
  mail: {
    to: string;
    locale: LocaleCode | null;
    purpose: 'registration' | 'change';
    username: string;
    firstName: string;
    code: string;
    expiresInHours: number;
  },
): Promise<void> {
  const { locale, ...data } = mail;
  await db.insert(outbox).values({
    kind: 'email',
    payload: {
      template: 'email-verification',
      ...data,
      link: links.page(locale, VERIFY_PAGE, { code: mail.code }),
      ...(locale ? { locale } : {}),
    },
  });
}

/**
 * Queues the mail that answers a registration for an address that already has an account: nothing is
 * created, and the owner of the address learns it, with the way to log in or to choose a new password.
 */
export async function queueAccountExistsMail(
  db: Db,
  links: SiteLinks,
  mail: { to: string; locale: LocaleCode | null },
): Promise<void> {
  await db.insert(outbox).values({
    kind: 'email',
    payload: {
      template: 'account-exists',
      to: mail.to,
      loginLink: links.page(mail.locale, '/login'),
      resetLink: links.page(mail.locale, '/forgot-password'),
      ...(mail.locale ? { locale: mail.locale } : {}),
    },
  });
}
