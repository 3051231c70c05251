import { z } from 'zod';
import { isCrossSite } from '../auth/route-guards';
import { BuyerApiError, errorResponse } from './errors';
import { readUserToken, type UserToken } from './user-token';

const MAX_BODY_BYTES = 100_000;

export interface BuyerRouteOptions<Fields extends z.ZodRawShape> {
  /** The fields of `data` besides `token` (strict: any other field is refused). */
  fields: Fields;
  /** Refuse requests a browser sent from another site (routes that change something). */
  changesState: boolean;
  /** The route's work; what it returns is answered as JSON (200). */
  run: (input: { user: UserToken; data: z.infer<z.ZodObject<Fields>> }) => Promise<unknown>;
}

/**
 * A buyer API route of spec §7 (`POST /api/ordercloud/Buyer/<Name>` with `{data: {token, …}}`): the one
 * place that checks where the request comes from, reads and validates the JSON body with zod, reads the
 * URI-encoded user token, runs the route and turns every failure into the commerce service's error
 * envelope (`errors.ts`). Projects and user routes (later steps) take the same shape.
 */
export function buyerRoute<Fields extends z.ZodRawShape>(
  options: BuyerRouteOptions<Fields>,
): (request: Request) => Promise<Response> {
  const body = z.strictObject({
    data: z.strictObject({ token: z.string().max(8_000).optional(), ...options.fields }),
  });
  return async (request) => {
    try {
      if (options.changesState && isCrossSite(request)) {
        throw BuyerApiError.of(
          403,
          'CrossSiteRequest',
          'This request came from another site and was refused.',
        );
      }
      const json = await readJson(request);
      const parsed = body.safeParse(json);
      if (!parsed.success) throw BuyerApiError.fromZod(parsed.error);
      const { token, ...data } = parsed.data.data as { token?: string } & Record<string, unknown>;
      const user = readUserToken(token, Date.now());
      const result = await options.run({ user, data: data as z.infer<z.ZodObject<Fields>> });
      return Response.json(result, { headers: { 'cache-control': 'no-store' } });
    } catch (error) {
      return errorResponse(error);
    }
  };
}

async function readJson(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/json')) {
    throw BuyerApiError.of(
      415,
      'UnsupportedMediaType',
      'Send the request as JSON (content-type: application/json).',
    );
  }
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) {
    throw BuyerApiError.of(413, 'RequestTooLarge', `The request body exceeds ${MAX_BODY_BYTES} bytes.`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw BuyerApiError.of(400, 'InvalidJson', 'The request body is not valid JSON.');
  }
}
