import type { NextRequest } from 'next/server';
import { quoteDocumentRoute } from '../../../../../quote-document/document-route';

export const dynamic = 'force-dynamic';

/** `GET /api/quotes/{quoteId}/document.pdf` (`quote-document/document-route.ts`). */
export async function GET(request: NextRequest, { params }: { params: Promise<{ quoteId: string }> }) {
  return quoteDocumentRoute(request, (await params).quoteId);
}
