import { NextResponse } from 'next/server';
import { z } from 'zod';
import { crossSiteRefusal, decodeToken, isCrossSite, readJsonBody } from '../auth/route-guards';
import { TokenRefused, type VerifiedUser, verifyUserToken } from '../auth/verify-token';
import { errorResponse } from './errors';

/** The caller of a buyer route: the access token (URI-decoded) and its verified user. */
export interface BuyerCaller {
  token: string;
  user: VerifiedUser;
}

export interface BuyerRouteOptions<Fields extends z.ZodRawShape> {
  /** The fields of `data` besides `token` (strict: any other field is refused). */
  fields: Fields;
  /** Refuse requests a browser sent from another site (routes that change something). */
  changesState: boolean;
  /** The route's work; what it returns is answered as JSON (200). */
  run: (input: { caller: BuyerCaller; data: z.infer<z.ZodObject<Fields>> }) => Promise<unknown>;
}

/**
 * A buyer route of spec §7 whose body is `{data: {token, …}}` (the favourites routes): the same guards
 * as the project routes (`projects/project-route.ts`, `auth/route-guards.ts`) — cross-site changes
 * refused (403), the body checked with zod (400 naming each problem), the URI-encoded token verified
 * (401 with the reason: missing, "Invalid token", expired) — then the work, whose refusals answer
 * `{error}` with their status (`errors.ts`; the commerce service's: its first error's Message, spec §8).
 */
export function buyerRoute<Fields extends z.ZodRawShape>(
  options: BuyerRouteOptions<Fields>,
): (request: Request) => Promise<Response> {
  const body = z.strictObject({
    data: z.strictObject({ token: z.string().max(8192, 'is too long').optional(), ...options.fields }),
  });
  return async (request) => {
    if (options.changesState && isCrossSite(request)) return crossSiteRefusal();
    const parsed = await readJsonBody(request, body);
    if (!parsed.ok) return parsed.response;
    const { token: encoded, ...data } = parsed.value.data as { token?: string } & Record<string, unknown>;
    const token = encoded ? decodeToken(encoded) : '';
    let user: VerifiedUser;
    try {
      user = await verifyUserToken(token);
    } catch (error) {
      if (error instanceof TokenRefused) return NextResponse.json({ error: error.message }, { status: 401 });
      return errorResponse(error);
    }
    try {
      const result = await options.run({
        caller: { token, user },
        data: data as z.infer<z.ZodObject<Fields>>,
      });
      return NextResponse.json(result, { headers: { 'cache-control': 'no-store' } });
    } catch (error) {
      return errorResponse(error);
    }
  };
}
