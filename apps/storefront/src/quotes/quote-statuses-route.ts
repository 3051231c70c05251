import { unavailableAnswer } from '../app/api/unavailable';
import { jsonError, requestUser } from '../delivery/request-user';
import { myQuotesByIds, QuoteRefusal } from './quote-service';

/**
 * `GET /api/quotes/statuses?ids=a,b,c`: the status of the signed-in buyer's quotes among these project
 * IDs (at most 100), for the projects screens' links to the quotes — read with the user's own token, so
 * the answer holds only quotes the commerce service lets them reach. A GET that changes nothing.
 */
export async function quoteStatusesAnswer(request: Request): Promise<Response> {
  const ids = (new URL(request.url).searchParams.get('ids') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^[\w-]{1,100}$/.test(id));
  if (ids.length === 0 || ids.length > 100)
    return jsonError(400, 'ids: 1 to 100 project IDs, comma-separated');
  const caller = await requestUser(request);
  if (!caller.ok) return caller.response;
  if (caller.user.userType !== 'buyer') return jsonError(403, 'Quotes are for buyer users');
  try {
    const list = await myQuotesByIds(caller.token, [...new Set(ids)]);
    return Response.json(
      { Items: list.Items.map((q) => ({ ID: q.ID, Status: q.Status, Revision: q.Revision })) },
      { headers: { 'cache-control': 'private, no-store' } },
    );
  } catch (error) {
    const unavailable = unavailableAnswer(error);
    if (unavailable) return unavailable;
    if (error instanceof QuoteRefusal && error.status < 500) return jsonError(error.status, error.message);
    throw error;
  }
}
