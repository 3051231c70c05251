import type { Db } from '@catalogue/db';
import { takeRateLimits } from '@catalogue/db/rate-limits';
import type { CommerceConfig } from '../config';
import { SiteLinks } from './site-links';

/** What verification mails need from the configuration. */
export interface VerificationSettings {
  links: SiteLinks;
  codeHours: number;
  mailsPerEmail: number;
  mailsPerUser: number;
}

export function verificationSettings(config: CommerceConfig): VerificationSettings {
  return {
    links: new SiteLinks(config.SITE_ORIGIN),
    codeHours: config.COMMERCE_EMAIL_CODE_HOURS,
    mailsPerEmail: config.COMMERCE_VERIFICATION_MAILS_PER_EMAIL,
    mailsPerUser: config.COMMERCE_VERIFICATION_MAILS_PER_USER,
  };
}

export const HOUR_S = 3600;
export const emailBucket = (email: string) => `verification-mail:email:${email.toLowerCase()}`;

/**
 * Takes one mail from the address's hourly allowance (COMMERCE_VERIFICATION_MAILS_PER_EMAIL), counted in the
 * database. Anonymous requests (registration, a new link) that find it used up send nothing and answer as
 * usual, so the answer never tells more than before; nobody can bury an address in mail.
 */
export async function mailAllowed(db: Db, settings: VerificationSettings, email: string): Promise<boolean> {
  const answer = await takeRateLimits(db, [
    { bucket: emailBucket(email), limit: settings.mailsPerEmail, periodSeconds: HOUR_S },
  ]);
  return answer.ok;
}

export const expiryOf = (settings: VerificationSettings) =>
  new Date(Date.now() + settings.codeHours * HOUR_S * 1000);
