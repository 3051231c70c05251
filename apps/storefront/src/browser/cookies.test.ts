import { describe, expect, it } from 'vitest';
import { cookieValue, serializeCookie } from './cookies';

describe('cookies', () => {
  it('finds one cookie by exact name and decodes it', () => {
    const header = 'a=1; location_details=%7B%22region%22%3A%22US%22%7D; xlocation_details=no';
    expect(cookieValue(header, 'location_details')).toBe('{"region":"US"}');
    expect(cookieValue(header, 'a')).toBe('1');
    expect(cookieValue(header, 'missing')).toBeNull();
    expect(cookieValue('bad=%E0%A4%A', 'bad')).toBe('%E0%A4%A');
  });

  it('writes path /, SameSite=Lax, the lifetime and Secure on HTTPS', () => {
    expect(serializeCookie('x', '{"a":1, "b":2}', { maxAgeSeconds: 60, secure: false })).toBe(
      'x=%7B%22a%22%3A1%2C%20%22b%22%3A2%7D; Path=/; SameSite=Lax; Max-Age=60',
    );
    expect(serializeCookie('x', 'y', { maxAgeSeconds: 0, secure: true })).toBe(
      'x=y; Path=/; SameSite=Lax; Max-Age=0; Secure',
    );
  });
});
