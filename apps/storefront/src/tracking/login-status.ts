/** The cookie holding the commerce service's access token (spec §3, §4); its expiry decides the login status. */
export const USER_TOKEN_COOKIE = 'UserToken';

/** A token counts as expired this long before its `exp` (spec §4, §9: 10 s). */
export const TOKEN_EXPIRY_MARGIN_MS = 10_000;

export type LoginStatus = 'logged in' | 'logged out';
/** The user type analytics receives: a visitor without a valid token, or a buyer user. */
export type UserType = 'logged out' | 'buyer user';

/**
 * Whether the UserToken cookie's value makes the visitor logged in (spec §4): a JWT whose payload has a
 * numeric `exp` more than 10 seconds away. A missing, malformed (not three parts, not base64url JSON,
 * no numeric `exp`) or expired token means logged out. The signature is not checked here: the token
 * only decides what the page shows, the services verify it on every call.
 */
export function loginStatusFromToken(token: string | null | undefined, nowMs: number): LoginStatus {
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 - TOKEN_EXPIRY_MARGIN_MS > nowMs ? 'logged in' : 'logged out';
}

export function userTypeOf(status: LoginStatus): UserType {
  return status === 'logged in' ? 'buyer user' : 'logged out';
}

function tokenExpiry(token: string | null | undefined): number | null {
  const exp = tokenClaims(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
}

/**
 * The payload of a JWT as an object, or null when the token is not three dot-separated parts whose
 * middle one is base64url JSON of an object. Unverified: only for deciding what the page shows or which
 * of the user's own resources to address; the commerce service verifies the token on every call.
 */
export function tokenClaims(token: string | null | undefined): Record<string, unknown> | null {
  const parts = token?.split('.');
  if (parts?.length !== 3) return null;
  const payload = parts[1];
  if (!payload || !/^[A-Za-z0-9_-]+={0,2}$/.test(payload)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(decodeBase64Url(payload));
  } catch {
    // Not JSON: a malformed token, which spec §4 counts as logged out.
    return null;
  }
  return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
    ? (claims as Record<string, unknown>)
    : null;
}

function decodeBase64Url(text: string): string {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}
