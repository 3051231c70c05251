import type { NextRequest } from 'next/server';
import { unavailableAnswer } from '../app/api/unavailable';
import { decodeToken } from '../auth/route-guards';
import { TokenRefused, type VerifiedUser, verifyUserToken } from '../auth/verify-token';
import { requestToken } from '../data/user-session';
import { USER_TOKEN_COOKIE } from '../tracking/login-status';

export type RequestUser = { ok: true; token: string; user: VerifiedUser } | { ok: false; response: Response };

/**
 * The signed-in user of a storefront route that has no token in its body (downloads, uploads, the mail
 * and marketing routes): `Authorization: Bearer …`, else the `UserToken` cookie (URI-encoded, as login
 * sets it), verified like the project routes' tokens. A missing or refused token answers 401 `{error}`.
 */
export async function requestUser(request: NextRequest | Request): Promise<RequestUser> {
  const cookie =
    'cookies' in request
      ? (request as NextRequest).cookies.get(USER_TOKEN_COOKIE)?.value
      : cookieValue(request.headers.get('cookie'), USER_TOKEN_COOKIE);
  const token = decodeToken(requestToken(request, cookie ?? null) ?? '');
  try {
    return { ok: true, token, user: await verifyUserToken(token) };
  } catch (error) {
    if (error instanceof TokenRefused) return { ok: false, response: jsonError(401, error.message) };
    const unavailable = unavailableAnswer(error);
    if (unavailable) return { ok: false, response: unavailable };
    throw error;
  }
}

function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** A refusal in the storefront routes' format: `{error}` with the status, never cached. */
export function jsonError(
  status: number,
  error: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  return Response.json({ error, ...extra }, { status, headers: { 'cache-control': 'no-store', ...headers } });
}
