/**
 * What only a logged-in header or a click on "Log in" needs, kept out of every page's first load:
 * the token's renewal time and the account pages' addresses (`account-menu.tsx`).
 */

/** Milliseconds until the token needs renewing (10 s before exp), or null without a valid token. */
export function msUntilRenewal(token: string, now = Date.now()): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof claims.exp === 'number' ? Math.max(0, claims.exp * 1000 - 10_000 - now) : null;
  } catch {
    return null;
  }
}

/** Asks the server for the login or logout address of this page (POST /api/dynamicURL) and goes there. */
export async function goToAccountPage(
  action: 'login' | 'logout',
  loginLocalesMapping: Readonly<Record<string, string>>,
  fallbackUrl: string,
): Promise<void> {
  const redirectURI = `${window.location.pathname}${window.location.search}`;
  try {
    const response = await fetch('/api/dynamicURL', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action, redirectURI, loginLocalesMapping }),
    });
    const answer = (await response.json()) as { url?: unknown };
    if (response.ok && typeof answer.url === 'string') {
      window.location.assign(answer.url);
      return;
    }
  } catch {
    // The plain address below still works.
  }
  window.location.assign(fallbackUrl);
}
