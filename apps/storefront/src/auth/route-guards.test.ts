import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeToken, isCrossSite, readJsonBody } from './route-guards';

const request = (headers: Record<string, string>, body?: string) =>
  new Request('http://localhost:3000/api/x', {
    method: 'POST',
    headers: { host: 'localhost:3000', ...headers },
    body,
  });

describe('storefront route guards', () => {
  it('refuses requests another site started and lets the site and servers through', () => {
    expect(isCrossSite(request({ 'sec-fetch-site': 'cross-site' }))).toBe(true);
    expect(isCrossSite(request({ 'sec-fetch-site': 'same-site' }))).toBe(true);
    expect(isCrossSite(request({ origin: 'https://evil.example' }))).toBe(true);
    expect(isCrossSite(request({ origin: 'null' }))).toBe(true);
    expect(isCrossSite(request({ 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000' }))).toBe(
      false,
    );
    expect(isCrossSite(request({}))).toBe(false);
  });

  it('answers a bad body with 400 naming each problem', async () => {
    const schema = z.object({ token: z.string() });
    const notJson = await readJsonBody(request({}, '{'), schema);
    expect(notJson.ok).toBe(false);
    if (!notJson.ok) expect(notJson.response.status).toBe(400);
    const wrong = await readJsonBody(request({}, '{"token": 5}'), schema);
    if (wrong.ok) throw new Error('accepted a bad body');
    expect(wrong.response.status).toBe(400);
    expect(((await wrong.response.json()) as { error: string }).error).toMatch(/token/);
    const good = await readJsonBody(request({}, '{"token": "a"}'), schema);
    expect(good).toEqual({ ok: true, value: { token: 'a' } });
  });

  it('decodes URI-encoded tokens and keeps undecodable ones', () => {
    expect(decodeToken(encodeURIComponent('a.b+c/d='))).toBe('a.b+c/d=');
    expect(decodeToken('%E0%A4%A')).toBe('%E0%A4%A');
  });
});
