import { describe, expect, it } from 'vitest';
import { newUuid, UUID_PATTERN } from './browser-id';

describe('newUuid', () => {
  it('makes distinct version-4 UUIDs', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newUuid()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(UUID_PATTERN);
  });

  it('sets the version and variant bits whatever the random bytes', () => {
    const ones = {
      getRandomValues<T extends ArrayBufferView | null>(array: T): T {
        if (array) new Uint8Array(array.buffer).fill(255);
        return array;
      },
    };
    expect(newUuid(ones as Pick<Crypto, 'getRandomValues'>)).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });
});
