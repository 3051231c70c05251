import { quoteStatusesAnswer } from '../../../../quotes/quote-statuses-route';

export const dynamic = 'force-dynamic';

/** `GET /api/quotes/statuses?ids=` (`quotes/quote-statuses-route.ts`). */
export function GET(request: Request): Promise<Response> {
  return quoteStatusesAnswer(request);
}
