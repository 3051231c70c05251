import { NextResponse } from 'next/server';
import { z } from 'zod';
import { checkResetCode } from '../../../../../auth/password-reset';
import { decodeToken, readJsonBody } from '../../../../../auth/route-guards';
import { answeringUnavailable } from '../../../unavailable';

const body = z.object({ token: z.string().min(1, 'is required').max(400, 'is too long') });

/**
 * POST PasswordResetCheck {token} (spec §7): whether the reset code of an email link (`token`,
 * URI-encoded) is still good, and for which username, so the reset page can ask for a new password or
 * say the link has expired.
 */
export const POST = answeringUnavailable(async function POST(request: Request): Promise<NextResponse> {
  const parsed = await readJsonBody(request, body);
  if (!parsed.ok) return parsed.response;
  const username = await checkResetCode(decodeToken(parsed.value.token));
  return NextResponse.json(username ? { Valid: true, Username: username } : { Valid: false }, {
    headers: { 'cache-control': 'no-store' },
  });
});
