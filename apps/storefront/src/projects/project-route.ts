import { NextResponse } from 'next/server';
import { z } from 'zod';
import { unavailableAnswer } from '../app/api/unavailable';
import { crossSiteRefusal, decodeToken, isCrossSite, readJsonBody } from '../auth/route-guards';
import { TokenRefused, type VerifiedUser, verifyUserToken } from '../auth/verify-token';
import { withIdempotencyKey } from '../data/commerce-sdk';
import { ProjectError } from './commerce-projects';

/**
 * The shape every project route of spec §7 shares: a JSON body with the user's token URI-encoded in it,
 * checked with zod (400 naming each problem); changes refused when another site sends them (403); the
 * token verified before anything happens (401 with the reason); then the work, done with the token's
 * own user through the commerce service, whose refusals come back with their status and message
 * (`{error}`, spec §8: the first error's Message). Unexpected failures are logged and answer 502.
 * An `Idempotency-Key` header (the browser's key of the user action, `browser/action-keys.ts`) goes with
 * every create the work makes (`withIdempotencyKey`), so the same action sent twice makes things once.
 */
export function projectRoute<T extends { token: string }>(
  schema: z.ZodType<T>,
  work: (token: string, body: T, user: VerifiedUser) => Promise<unknown>,
  { changes }: { changes: boolean },
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (changes && isCrossSite(request)) return crossSiteRefusal();
    const key = request.headers.get('idempotency-key');
    if (key !== null && !IDEMPOTENCY_KEY.test(key)) {
      return NextResponse.json(
        { error: 'Idempotency-Key must be 16 to 128 letters, digits, - or _.' },
        { status: 400 },
      );
    }
    const parsed = await readJsonBody(request, schema);
    if (!parsed.ok) return parsed.response;
    const token = decodeToken(parsed.value.token);
    let user: VerifiedUser;
    try {
      user = await verifyUserToken(token);
    } catch (error) {
      if (error instanceof TokenRefused) return NextResponse.json({ error: error.message }, { status: 401 });
      const unavailable = unavailableAnswer(error);
      if (unavailable) return unavailable;
      throw error;
    }
    try {
      const result = await withIdempotencyKey(key, () => work(token, parsed.value, user));
      return NextResponse.json(result ?? { ok: true }, { headers: { 'cache-control': 'no-store' } });
    } catch (error) {
      const unavailable = unavailableAnswer(error);
      if (unavailable) return unavailable;
      if (error instanceof ProjectError) {
        if (error.status >= 500) console.error('[projects] the commerce service failed:', error);
        return NextResponse.json({ error: error.message }, { status: error.status });
      }
      console.error('[projects] unexpected failure:', error);
      return NextResponse.json(
        { error: 'The project service failed; nothing was changed.' },
        { status: 502 },
      );
    }
  };
}

/** The browser's keys are 32 hex digits; the commerce service takes any printable ASCII up to 255. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,128}$/;

export const tokenField = z.string({ error: 'is required' }).min(1, 'is required').max(8192, 'is too long');
export const idField = z.string({ error: 'is required' }).min(1, 'is required').max(100, 'is too long');
export const quantityField = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(999_999, 'must be at most 999999');
export const textField = (max: number) =>
  z.string({ error: 'must be text' }).trim().max(max, `must be at most ${max} characters`);
