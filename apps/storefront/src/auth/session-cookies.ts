/**
 * The login cookies of spec §3/§4/§9, Path=/ always and Secure in production. All but one are readable by
 * the page's scripts on purpose: the site sends the user's token in the body of its product calls (spec
 * §7; the token is short-lived), and the header shows the user's name and role without a server round
 * trip. The refresh token, which lasts 3 days and makes new tokens, is not: HttpOnly and SameSite=Strict,
 * so no script (an injected one included) can read it and no other site's request carries it. The
 * browser renews its session through getNewAccessToken, which reads it from the cookie; scripts know a
 * session can be renewed from the name cookies, which live exactly as long (`RENEWABLE_SESSION_HINT`).
 */

export const SESSION_COOKIE = {
  email: 'UserEmail',
  token: 'UserToken',
  login: 'UserLogin',
  refresh: 'refreshToken',
  firstName: 'UserFirstName',
  lastName: 'UserLastName',
  role: 'UserRole',
} as const;

export const SESSION_COOKIE_NAMES: readonly string[] = Object.values(SESSION_COOKIE);

/** The refresh token cookie lives 3 days (spec §4, §9). */
export const REFRESH_COOKIE_LIFETIME_MS = 259_200_000;

export interface SessionCookie {
  name: string;
  value: string;
  expires: Date;
}

/** The readable cookie whose presence tells scripts a refresh token is there to renew the session. */
export const RENEWABLE_SESSION_HINT = SESSION_COOKIE.firstName;

export interface CookieAttributes {
  path: '/';
  sameSite: 'lax' | 'strict';
  secure: boolean;
  httpOnly: boolean;
}

/** The attributes of one login cookie: the refresh token's keep it from scripts and other sites. */
export function cookieAttributes(name: string, production: boolean): CookieAttributes {
  const refresh = name === SESSION_COOKIE.refresh;
  return { path: '/', sameSite: refresh ? 'strict' : 'lax', secure: production, httpOnly: refresh };
}

/** What a successful login or refresh hands the cookies. */
export interface SessionTokens {
  accessToken: string;
  /** Seconds the access token is valid from `now`. */
  expiresIn: number;
  /** Null when the grant gave none (a refresh keeps the cookie it has). */
  refreshToken: string | null;
}

export interface SessionUser {
  email: string;
  firstName: string;
  lastName: string;
  /** The user's job role as shown (xp.JobTitle), '' when none. */
  role: string;
}

/**
 * The cookies a login sets: UserEmail, UserToken and UserLogin expire with the token; refreshToken lives
 * 3 days; the name and role cookies live as long as the refresh token, so the header can still greet a
 * user whose access token is being renewed (and scripts know it can be).
 */
export function loginCookies(tokens: SessionTokens, user: SessionUser, now: number): SessionCookie[] {
  const tokenExpiry = new Date(now + tokens.expiresIn * 1000);
  const refreshExpiry = new Date(now + REFRESH_COOKIE_LIFETIME_MS);
  const cookies: SessionCookie[] = [
    { name: SESSION_COOKIE.email, value: user.email, expires: tokenExpiry },
    { name: SESSION_COOKIE.token, value: tokens.accessToken, expires: tokenExpiry },
    { name: SESSION_COOKIE.login, value: 'true', expires: tokenExpiry },
    { name: SESSION_COOKIE.firstName, value: user.firstName, expires: refreshExpiry },
    { name: SESSION_COOKIE.lastName, value: user.lastName, expires: refreshExpiry },
    { name: SESSION_COOKIE.role, value: user.role, expires: refreshExpiry },
  ];
  if (tokens.refreshToken) {
    cookies.push({ name: SESSION_COOKIE.refresh, value: tokens.refreshToken, expires: refreshExpiry });
  }
  return cookies;
}

/** Every login cookie, expired (logout, or a refresh that failed). */
export function expiredSessionCookies(): SessionCookie[] {
  return SESSION_COOKIE_NAMES.map((name) => ({ name, value: '', expires: new Date(0) }));
}
