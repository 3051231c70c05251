import { ConfigError } from '@catalogue/service-kit';
import { describe, expect, it } from 'vitest';
import { serverConfigFromEnv } from './config';

describe('server configuration', () => {
  it('has defaults that make a fresh start work', () => {
    const config = serverConfigFromEnv({});
    expect(config).toMatchObject({
      PORT: 3000,
      APP_ENV: 'development',
      DATASET_SKUS: 3000,
      PAGE_CACHE_MB: 256,
    });
    expect(config.DATA_DIR).toMatch(/\.data$/);
  });

  it('reads the environment', () => {
    const config = serverConfigFromEnv({
      PORT: '8080',
      DATASET_SKUS: '100000',
      APP_ENV: 'production',
      DATA_DIR: '/tmp/x',
      PAGE_CACHE_MB: '0',
    });
    expect(config).toMatchObject({
      PAGE_CACHE_MB: 0,
      PORT: 8080,
      DATASET_SKUS: 100_000,
      APP_ENV: 'production',
      DATA_DIR: '/tmp/x',
    });
  });

  it('lists every bad value in one clear error', () => {
    let error: unknown;
    try {
      serverConfigFromEnv({
        PORT: 'eighty',
        DATASET_SKUS: '0',
        APP_ENV: 'prod',
        SITE_ORIGIN: 'ftp://x',
        PAGE_CACHE_MB: '-1',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT="eighty": must be a number');
    expect(message).toContain('DATASET_SKUS="0": must be at least 1');
    expect(message).toContain('APP_ENV="prod"');
    expect(message).toContain('SITE_ORIGIN="ftp://x": must be an http(s) URL');
    expect(message).toContain('PAGE_CACHE_MB="-1": must be at least 0');
  });
});
