import type { NextRequest } from 'next/server';
import { answerDrawing } from '../../../../../../product/drawing-route';
import { answeringUnavailable } from '../../../../unavailable';

export const dynamic = 'force-dynamic';

interface DrawingRouteContext {
  params: Promise<{ locale: string; productId: string; file: string }>;
}

/** `GET /api/drawings/<locale>/<ID>/<metric|imperial|thumb>.svg`: a SKU's drawing (`drawing-route.ts`). */
export const GET = answeringUnavailable(async function GET(
  request: NextRequest,
  { params }: DrawingRouteContext,
): Promise<Response> {
  const { locale, productId, file } = await params;
  return answerDrawing(locale, productId, file, {
    version: request.nextUrl.searchParams.get('v'),
    ifNoneMatch: request.headers.get('if-none-match'),
  });
});
