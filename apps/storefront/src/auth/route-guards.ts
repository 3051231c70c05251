import { jsonProblem } from '@catalogue/service-kit/input-guard';
import { NextResponse } from 'next/server';
import type { z } from 'zod';
import { storefrontConfig } from '../config';

/**
 * Guards of the storefront's own JSON routes: cross-site requests are refused before anything happens
 * (a page of another site must not log a visitor out or renew their session), and bodies are parsed
 * with zod so a bad one gets a 400 naming each problem.
 */

/**
 * The origin the browser used for this request: what a same-origin check and a return address compare
 * against. The Host header and the URL's scheme; X-Forwarded-Host and X-Forwarded-Proto only behind a
 * reverse proxy we trust (TRUST_PROXY=true), since anyone else can send them and a return address built
 * on them is an open redirect. Only for per-request answers (routes, actions), never for cached pages
 * (data/site-origin.ts).
 */
export function originOfRequest(
  headers: Headers,
  url?: string,
  trustProxy = storefrontConfig().trustProxy,
): string {
  const forwarded = (name: string) => (trustProxy ? headers.get(name)?.split(',')[0]?.trim() || null : null);
  const host = forwarded('x-forwarded-host') || headers.get('host');
  const fallback = url ? new URL(url) : null;
  const proto = forwarded('x-forwarded-proto') || fallback?.protocol.slice(0, -1) || 'http';
  return host ? `${proto}://${host}` : (fallback?.origin ?? 'http://localhost');
}

/**
 * The visitor's address, or null: the single server hands pages one X-Forwarded-For address it vouches
 * for (`server/src/site.ts` `forwardedFor`); should a chain ever arrive, its last entry is the one the
 * nearest trusted hop wrote, while anything to its left could come from the client.
 */
export function visitorAddressOf(headers: Headers): string | null {
  const chain = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return chain.at(-1) ?? null;
}

/**
 * Whether a request comes from another site: the browser says so (Sec-Fetch-Site: cross-site or
 * same-site), or it names an Origin other than ours. Requests without either (curl, server-to-server)
 * carry no visitor's cookies by accident and are let through.
 */
export function isCrossSite(request: Request): boolean {
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = request.headers.get('origin');
  if (origin && origin !== 'null' && origin !== originOfRequest(request.headers, request.url)) return true;
  return origin === 'null';
}

export function crossSiteRefusal(): NextResponse {
  return NextResponse.json({ error: 'Cross-site requests are not allowed.' }, { status: 403 });
}

export type BodyResult<T> = { ok: true; value: T } | { ok: false; response: NextResponse };

/**
 * The request's JSON body checked against `schema`; a 400 with every problem otherwise. What the services
 * would refuse (NUL, unpaired surrogates, JSON too deep or too wide: `@catalogue/service-kit/input-guard`)
 * is refused first, with the same message.
 */
export async function readJsonBody<T>(request: Request, schema: z.ZodType<T>): Promise<BodyResult<T>> {
  let raw: unknown;
  try {
    raw = await request.json();
  } catch {
    return { ok: false, response: NextResponse.json({ error: 'The body must be JSON.' }, { status: 400 }) };
  }
  const problem = jsonProblem(raw);
  if (problem) {
    return {
      ok: false,
      response: NextResponse.json(
        { error: problem.message, issues: [{ path: problem.where, message: problem.message }] },
        { status: 400 },
      ),
    };
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
  return {
    ok: false,
    response: NextResponse.json(
      {
        error: `Invalid body: ${issues.map((i) => `${i.path || '(body)'} ${i.message}`).join('; ')}`,
        issues,
      },
      { status: 400 },
    ),
  };
}

/** The user token of a body: spec §7 sends it URI-encoded; a value that does not decode is kept as is. */
export function decodeToken(token: string): string {
  try {
    return decodeURIComponent(token);
  } catch {
    return token;
  }
}
