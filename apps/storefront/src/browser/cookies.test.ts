import { afterEach, describe, expect, it, vi } from 'vitest';
import { cookieValue, documentCookies, readCookie, serializeCookie, writeCookie } from './cookies';

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

describe("the document's cookies, read once per task", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks the browser once per task, again after the microtasks and after a write of its own', async () => {
    let jar = 'unit_system=metric';
    let reads = 0;
    vi.stubGlobal('location', { protocol: 'http:' });
    vi.stubGlobal('document', {
      get cookie() {
        reads++;
        return jar;
      },
      set cookie(written: string) {
        jar = `${jar}; ${written.split(';')[0]}`;
      },
    });
    expect(readCookie('unit_system')).toBe('metric');
    expect(documentCookies()).toBe('unit_system=metric');
    expect(reads).toBe(1);

    jar = 'unit_system=imperial'; // a response's Set-Cookie: seen from the next task on
    expect(readCookie('unit_system')).toBe('metric');
    await Promise.resolve();
    expect(readCookie('unit_system')).toBe('imperial');
    expect(reads).toBe(2);

    writeCookie('consent', 'on');
    expect(readCookie('consent')).toBe('on');
    expect(reads).toBe(3);
  });
});
