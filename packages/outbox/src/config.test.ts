import path from 'node:path';
import { ConfigError } from '@catalogue/service-kit';
import { describe, expect, it } from 'vitest';
import { outboxConfigFromEnv } from './config';

describe('outbox configuration', () => {
  it('needs nothing: mail and pushes go to folders under DATA_DIR', () => {
    const config = outboxConfigFromEnv({ DATA_DIR: '/srv/catalogue', SMTP_URL: '', MARKETING_PUSH_URL: ' ' });
    expect(config).toMatchObject({
      OUTBOX_WORKER: 'on',
      OUTBOX_LEASE_S: 120,
      OUTBOX_MAX_BACKOFF_S: 3600,
      mailDir: path.join('/srv/catalogue', 'mail'),
      marketingPushDir: path.join('/srv/catalogue', 'marketing-push'),
    });
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.MARKETING_PUSH_URL).toBeUndefined();
    expect(config.MAIL_FROM).toContain('<no-reply@');
  });

  it('reads SMTP, sender and marketing endpoint', () => {
    const config = outboxConfigFromEnv({
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Shop <shop@example.com>',
      MARKETING_PUSH_URL: 'https://marketing.example.com/push',
      OUTBOX_WORKER: 'off',
    });
    expect(config).toMatchObject({
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Shop <shop@example.com>',
      MARKETING_PUSH_URL: 'https://marketing.example.com/push',
      OUTBOX_WORKER: 'off',
    });
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      outboxConfigFromEnv({
        SMTP_URL: 'http://mail.example.com',
        MAIL_FROM: 'nobody',
        MARKETING_PUSH_URL: 'ftp://x',
        OUTBOX_LEASE_S: '0',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('SMTP_URL="http://mail.example.com": must be an smtp:// or smtps:// URL');
    expect(message).toContain('MAIL_FROM="nobody": must be an address');
    expect(message).toContain('MARKETING_PUSH_URL="ftp://x": must be an http(s) URL');
    expect(message).toContain('OUTBOX_LEASE_S="0": must be at least 1');
  });

  it('refuses a lease shorter than a marketing push may take', () => {
    expect(() => outboxConfigFromEnv({ OUTBOX_LEASE_S: '20', MARKETING_PUSH_TIMEOUT_MS: '30000' })).toThrow(
      'OUTBOX_LEASE_S="20": must exceed MARKETING_PUSH_TIMEOUT_MS',
    );
  });
});
