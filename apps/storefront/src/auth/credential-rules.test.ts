import { describe, expect, it } from 'vitest';
import { acceptablePassword, looksLikeEmail } from './credential-rules';

describe('credential rules', () => {
  it('accepts the commerce service’s passwords and refuses the rest', () => {
    expect(acceptablePassword('Novak#2026')).toBe(true);
    for (const bad of ['short1', 'onlyletters', '12345678', `a1${'x'.repeat(99)}`])
      expect(acceptablePassword(bad)).toBe(false);
  });

  it('tells an address from text', () => {
    expect(looksLikeEmail('jana@novak-elektro.example')).toBe(true);
    for (const bad of ['not-an-address', 'a@b', 'a b@c.de', '@c.de']) expect(looksLikeEmail(bad)).toBe(false);
  });
});
