import { describe, expect, it } from 'vitest';
import { allowedLinkOrigins, ResetLinkRefused, resetLink, resetPage } from './link';

/** Issue 20 item 2: where a password reset mail may link to (the link carries the reset code). */
describe('reset links', () => {
  const allowed = allowedLinkOrigins([], 'https://shop.example.com/any/path');

  it("allows the client's own origins, else the site's, else none", () => {
    expect(allowed).toEqual(['https://shop.example.com']);
    expect(allowedLinkOrigins(['https://b2b.example.org'], 'https://shop.example.com')).toEqual([
      'https://b2b.example.org',
    ]);
    expect(allowedLinkOrigins([], null)).toEqual([]);
  });

  it('keeps the page the caller chose on an allowed origin, without its fragment, with the code', () => {
    const page = resetPage('https://shop.example.com/fr-ca/reset-password?x=1&code=old#top', allowed);
    expect(page && resetLink(page, 'a b/c')).toBe(
      'https://shop.example.com/fr-ca/reset-password?x=1&code=a+b%2Fc',
    );
    expect(resetPage(null, allowed)).toBeNull();
  });

  it.each([
    'https://evil.example/reset-password',
    'https://shop.example.com.evil.example/reset-password',
    'https://shop.example.com:8443/reset-password',
    'http://shop.example.com/reset-password',
    'https://user:secret@shop.example.com/reset-password',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/reset',
    'reset-password',
  ])('refuses %s', (url) => {
    expect(() => resetPage(url, allowed)).toThrow(ResetLinkRefused);
  });

  it('refuses every URL when nothing is allowed', () => {
    expect(() => resetPage('https://shop.example.com/reset-password', [])).toThrow(/no LinkOrigins/);
  });
});
