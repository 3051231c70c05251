import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('password hashes', () => {
  it('verify the right password and refuse a wrong one', async () => {
    const hash = await hashPassword('Buyer#2026');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toContain('Buyer#2026');
    expect(await verifyPassword('Buyer#2026', hash)).toBe(true);
    expect(await verifyPassword('buyer#2026', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salt every hash', async () => {
    expect(await hashPassword('same')).not.toEqual(await hashPassword('same'));
  });

  it('treat a malformed stored hash as a mismatch', async () => {
    for (const stored of [
      '',
      'plain',
      'scrypt$x$8$1$aa$bb',
      'bcrypt$1$2$3$4$5',
      'scrypt$16384$8$1$c2FsdA==$c2hvcnQ=',
    ]) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
  });
});
