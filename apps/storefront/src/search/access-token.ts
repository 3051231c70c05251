/**
 * What `POST /api/discover/accessToken` (spec §7) answers and what the browser does with it. The SDK's
 * commerce connector authenticates searches with `Bearer <identity token of the logged-in commerce
 * user>`; with our service host the SDK sends its configured key as the Authorization header, so the
 * browser sets that to `authorization` below (search/sdk-runtime.ts) before each widget request.
 */
export interface SearchAccessToken {
  /** The commerce user's identity token (the UserToken cookie's JWT), verified. */
  accessToken: string;
  tokenType: 'Bearer';
  /** The Authorization header value the search service accepts. */
  authorization: string;
  /** Milliseconds since the epoch after which the token must not be used (exp − 10 s, spec §4). */
  expiresAt: number;
  userId: string;
}

/** spec §8: the SDK's message when there is no logged-in commerce user. */
export const NO_LOGGED_USER = 'Could not found an Order Cloud Cloud logged user.';

export function isSearchAccessToken(value: unknown): value is SearchAccessToken {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.accessToken === 'string' &&
    v.tokenType === 'Bearer' &&
    typeof v.authorization === 'string' &&
    v.authorization === `Bearer ${v.accessToken}` &&
    typeof v.expiresAt === 'number'
  );
}
