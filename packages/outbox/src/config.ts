import path from 'node:path';
import { dataDirFromEnv } from '@catalogue/db';
import { type EnvVars, parseEnv } from '@catalogue/service-kit';
import { z } from 'zod';

const seconds = (fallback: number, max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`)
    .default(fallback);

/** An empty value (`SMTP_URL=` in an env file) means unset. */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema);

/** `smtp://user:pass@host:587` or `smtps://…:465`: nodemailer reads the URL itself. */
const smtpUrl = unsetWhenEmpty(
  z
    .url({
      protocol: /^smtps?$/,
      error: 'must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587',
    })
    .optional(),
);

/**
 * An RFC 5322 mailbox: `shop@example.com` or `Shop <shop@example.com>`. Only the shape is checked here;
 * nodemailer parses it when sending.
 */
const mailbox = z
  .string()
  .trim()
  .regex(/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/, {
    error: 'must be an address such as shop@example.com or "Shop <shop@example.com>"',
  });

/**
 * Settings of the outbox worker and its deliveries. With SMTP_URL unset, mail is written as `.eml` files
 * under `$DATA_DIR/mail/`; with MARKETING_PUSH_URL unset, marketing pushes are written as JSON files under
 * `$DATA_DIR/marketing-push/` — so a fresh installation loses nothing and needs no outside service.
 */
const schema = z.object({
  /** `off` leaves delivery to another process (a dedicated `npm run outbox` worker, another instance). */
  OUTBOX_WORKER: z.enum(['on', 'off']).default('on'),
  /** How often due rows (retries) are looked for besides the wake-ups on insert. */
  OUTBOX_POLL_S: seconds(10, 3600),
  /** How long a claimed row stays with its worker; must exceed the longest delivery (SMTP, HTTP timeouts). */
  OUTBOX_LEASE_S: seconds(120, 86_400),
  /** First retry delay; it doubles per attempt (with jitter) up to OUTBOX_MAX_BACKOFF_S. */
  OUTBOX_BASE_BACKOFF_S: seconds(30, 86_400),
  OUTBOX_MAX_BACKOFF_S: seconds(3600, 7 * 86_400),
  /** After this many attempts every further failure is logged as an error (delivery still goes on). */
  OUTBOX_ALERT_ATTEMPTS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(1000).default(10),
  /** Rows claimed (and delivered concurrently) at a time by one worker. */
  OUTBOX_BATCH: z.coerce.number({ error: 'must be a number' }).int().min(1).max(100).default(10),
  SMTP_URL: smtpUrl,
  MAIL_FROM: mailbox.default('Northfield Infrastructure Products <no-reply@catalogue.localhost>'),
  /** Who receives the quote requests of submitted projects (the sales team's mailbox). */
  SALES_EMAIL: mailbox.default('Sales team <sales@catalogue.localhost>'),
  /** Where marketing pushes are POSTed as JSON; unset = JSON files under $DATA_DIR/marketing-push/. */
  MARKETING_PUSH_URL: unsetWhenEmpty(
    z
      .url({
        protocol: /^https?$/,
        error: 'must be an http(s) URL such as https://marketing.example.com/push',
      })
      .optional(),
  ),
  /**
   * The site's public origin (shared with the other services): quote mails link to the quote's page there;
   * unset, to the address the single server listens on.
   */
  SITE_ORIGIN: unsetWhenEmpty(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://catalogue.example.com' })
      .optional(),
  ),
  /** Sent as `Authorization: Bearer …` with each push when set. */
  MARKETING_PUSH_TOKEN: unsetWhenEmpty(z.string().trim().optional()),
  MARKETING_PUSH_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(100, 'must be at least 100')
    .max(300_000, 'must be at most 300000')
    .default(10_000),
});

export type OutboxConfig = z.output<typeof schema> & {
  /** `$DATA_DIR/mail`: the embedded mail folder. */
  mailDir: string;
  /** `$DATA_DIR/marketing-push`: the embedded marketing-push folder. */
  marketingPushDir: string;
};

export function outboxConfigFromEnv(env: EnvVars = process.env): OutboxConfig {
  const config = parseEnv(
    schema.refine((c) => c.OUTBOX_LEASE_S * 1000 >= c.MARKETING_PUSH_TIMEOUT_MS + 5000, {
      path: ['OUTBOX_LEASE_S'],
      error: 'must exceed MARKETING_PUSH_TIMEOUT_MS by 5 seconds or more (a lease must outlast a delivery)',
    }),
    env,
  );
  const dataDir = dataDirFromEnv(env);
  return {
    ...config,
    mailDir: path.join(dataDir, 'mail'),
    marketingPushDir: path.join(dataDir, 'marketing-push'),
  };
}
