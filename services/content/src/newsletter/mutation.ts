import type { Db } from '@catalogue/db';
import { type PeriodicJobLog, startPeriodicJob, TokenBuckets } from '@catalogue/service-kit';
import type { ContentConfig } from '../config';
import type { RequestContent } from '../graphql/context';
import { rateLimited, userError } from '../graphql/user-error';
import { confirmSubscription, deleteLapsedSignUps } from './confirm';
import { confirmationLink, siteOriginOf } from './links';
import { isWellFormedEmail, normaliseEmail, requestSubscription } from './subscribe';

/**
 * The newsletter's double opt-in: `subscribeNewsletter` stores a pending sign-up and mails a
 * confirmation link; `confirmNewsletter` (the link's page) confirms it; a periodic job deletes the
 * sign-ups nobody confirmed in time. Sign-ups are limited per client address here (in memory, per
 * instance: it protects this instance), and the mails per e-mail address in the database (shared by
 * every instance: it protects the address's owner). The answer to a sign-up never says whether the
 * address was already subscribed.
 */
export class NewsletterSignUps {
  private readonly byAddress: TokenBuckets;

  constructor(
    private readonly config: ContentConfig,
    now: () => number = Date.now,
  ) {
    this.byAddress = new TokenBuckets(config.CONTENT_NEWSLETTER_RATE_PER_ADDRESS, 3_600_000, now);
  }

  async subscribe(content: RequestContent, email: string, language: string, clientAddress: string) {
    const texts = (await content.content(language)).newsletter;
    const locale = await content.locale(language);
    const wait = this.byAddress.hit(clientAddress);
    if (wait > 0) throw rateLimited(texts.rateLimitedMessage, wait);
    const address = normaliseEmail(email);
    if (!isWellFormedEmail(address))
      throw userError('BAD_USER_INPUT', texts.malformedEmailMessage, { field: 'email' });
    const origin = siteOriginOf(this.config);
    await requestSubscription(content.db, {
      email: address,
      locale: locale.code,
      link: (token) => confirmationLink(origin, locale, token),
      confirmHours: this.config.CONTENT_NEWSLETTER_CONFIRM_HOURS,
      mailsPerDay: this.config.CONTENT_NEWSLETTER_MAILS_PER_EMAIL,
    });
    return { email: address, locale: locale.code, message: texts.pendingMessage };
  }

  async confirm(content: RequestContent, token: string, language: string) {
    const texts = (await content.content(language)).newsletter;
    const confirmed = await confirmSubscription(content.db, token);
    if (!confirmed) throw userError('INVALID_CONFIRMATION', texts.invalidConfirmationMessage);
    return { ...confirmed, message: texts.successMessage };
  }

  /** Deletes lapsed sign-ups every CONTENT_NEWSLETTER_CLEANUP_INTERVAL_S; answers the stop function. */
  startCleanup(db: Db, log: PeriodicJobLog = console): () => void {
    return startPeriodicJob(
      'newsletter sign-up cleanup',
      this.config.CONTENT_NEWSLETTER_CLEANUP_INTERVAL_S * 1000,
      async () => {
        const deleted = await deleteLapsedSignUps(db);
        if (deleted > 0) log.log(`[content] deleted ${deleted} newsletter sign-ups nobody confirmed`);
      },
      log,
    );
  }
}
