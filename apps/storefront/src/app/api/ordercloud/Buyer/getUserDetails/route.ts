import { NextResponse } from 'next/server';
import { z } from 'zod';
import { fetchUserDetails } from '../../../../../auth/commerce-auth';
import { decodeToken, readJsonBody } from '../../../../../auth/route-guards';
import { TokenRefused, verifyUserToken } from '../../../../../auth/verify-token';
import { answeringUnavailable } from '../../../unavailable';

const body = z.object({ token: z.string().max(8192, 'is too long').nullish() });

/**
 * POST getUserDetails {token} (spec §7): FirstName, LastName, JobTitle, GivenName and RoleVerified of the
 * token's user, or an empty string without a token. The token is verified first; a tampered or expired
 * one gets 401 with the reason.
 */
export const POST = answeringUnavailable(async function POST(request: Request): Promise<NextResponse> {
  const parsed = await readJsonBody(request, body);
  if (!parsed.ok) return parsed.response;
  const token = parsed.value.token ? decodeToken(parsed.value.token) : '';
  if (!token) return NextResponse.json('');
  try {
    await verifyUserToken(token);
  } catch (error) {
    if (error instanceof TokenRefused) return NextResponse.json({ error: error.message }, { status: 401 });
    throw error;
  }
  const { Email: _email, ...details } = await fetchUserDetails(token);
  return NextResponse.json(details, { headers: { 'cache-control': 'no-store' } });
});
