import { createHash, randomBytes } from 'node:crypto';
import { LOCALE_CODES } from '@catalogue/dataset/model';
import type { Db } from '@catalogue/db';
import type { ApiClientRow } from '../auth/identity-store';
import type { LoginThrottle } from '../auth/login-throttle';
import { reserveInWindow, throttleKey } from '../auth/throttles';
import { hashPassword } from '../identity/passwords';
import { allowedLinkOrigins, resetLink, resetPage } from './link';
import { findLiveCode, redeemCode, storeCodeAndQueueMail, usersByEmail } from './repository';

/**
 * Forgotten passwords: a request mails a one-time code (and a link to the client's reset page) to each
 * active user with the address; the code then sets a new password once. A code works for `codeMinutes`,
 * for its user and API client only, until it is used, a newer one is requested, or the user's password
 * changes or they are deactivated. Requests are limited per address asked for (silently: the answer is
 * the same whether or not an account has it) and per requester's address.
 */

export interface ResetSettings {
  codeMinutes: number;
  perEmailPerHour: number;
  perAddressPerHour: number;
  /** The site's public origin, for clients without LinkOrigins (read at each request). */
  siteOrigin: () => string | null;
}

export interface ResetRequest {
  client: ApiClientRow;
  email: string;
  username: string | null;
  url: string | null;
  locale: string | null;
  /** Who asks (the socket's or the storefront visitor's address). */
  requester: string;
}

/** Site locale codes by their lowercase form, which is also their URL prefix (`fr-ca` → `fr-CA`). */
const LOCALES = new Map<string, string>(LOCALE_CODES.map((code) => [code.toLowerCase(), code]));

export function isSiteLocale(value: string): boolean {
  return LOCALES.has(value.toLowerCase());
}

const HOUR_S = 3600;
/** More users sharing one address than this get no mail from one request (a shared mailbox). */
const MAX_USERS_PER_ADDRESS = 5;
const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** Refused for the requester's address: the seconds to wait. */
export class ResetRequestsExceeded extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many password reset requests: try again in ${retryAfterSeconds} s.`);
  }
}

/** Queues the reset mails of a request (ResetLinkRefused for a URL off the client's origins). */
export async function requestReset(db: Db, settings: ResetSettings, request: ResetRequest): Promise<void> {
  const page = resetPage(request.url, allowedLinkOrigins(request.client.linkOrigins, settings.siteOrigin()));
  const wait = await reserveInWindow(
    db,
    throttleKey('reset-requester', request.requester),
    settings.perAddressPerHour,
    HOUR_S,
  );
  if (wait !== null) throw new ResetRequestsExceeded(wait);
  const email = request.email.trim().toLowerCase();
  const overEmailLimit =
    (await reserveInWindow(db, throttleKey('reset-email', email), settings.perEmailPerHour, HOUR_S)) !== null;
  if (overEmailLimit) return;
  const locale = mailLocale(request.locale, page);
  for (const user of await usersByEmail(db, email, request.username, MAX_USERS_PER_ADDRESS)) {
    const code = randomBytes(24).toString('base64url');
    await storeCodeAndQueueMail(
      db,
      {
        hash: hashCode(code),
        clientId: request.client.id,
        expiresAt: new Date(Date.now() + settings.codeMinutes * 60_000),
      },
      user,
      {
        template: 'password-reset',
        to: user.email,
        username: user.username,
        firstName: user.firstName,
        code,
        link: page ? resetLink(page, code) : null,
        expiresInMinutes: settings.codeMinutes,
        ...(locale ? { locale } : {}),
      },
    );
  }
}

/** The username a code is for and when it expires, or null when it does not work (for this client). */
export function checkCode(db: Db, code: string, clientId: string) {
  return findLiveCode(db, hashCode(code), clientId);
}

/**
 * Sets a new password with a code; false when the code does not work or is not this username's. The
 * requester's own waits for this username start over (they proved they own the account's mailbox).
 */
export async function resetWithCode(
  db: Db,
  logins: LoginThrottle,
  redemption: { code: string; clientId: string; username: string; password: string; requester: string },
): Promise<boolean> {
  const passwordHash = await hashPassword(redemption.password);
  const done = await redeemCode(
    db,
    hashCode(redemption.code),
    redemption.clientId,
    redemption.username,
    passwordHash,
  );
  if (done) await logins.forgetPair(redemption.username, redemption.requester);
  return done;
}

/**
 * The language of the mail: the optional `Locale` field (our extension; OrderCloud's clients do not send
 * it and are unaffected), else the locale prefix of the reset page (`https://shop/fr-ca/…`), else none
 * (the mail is in en-US).
 */
function mailLocale(locale: string | null, page: URL | null): string | null {
  if (locale) return LOCALES.get(locale.toLowerCase()) ?? null;
  const first = page?.pathname.split('/')[1]?.toLowerCase() ?? '';
  return LOCALES.get(first) ?? null;
}
