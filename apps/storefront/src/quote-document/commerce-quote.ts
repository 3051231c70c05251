import { type QuoteDocument, quoteDocumentContent } from '@catalogue/outbox/documents';
import { callService } from '@catalogue/service-kit/shared';
import { z } from 'zod';
import type { VerifiedUser } from '../auth/verify-token';

/**
 * The quote a document prints, read from the commerce service's quote routes (docs/quotes-wire.md) with
 * the caller's own token — the service decides who may read what: a seller user needs QuoteReader on
 * `/v1/quotes…`, a buyer reaches the quotes of the projects they reach on `/v1/me/quotes…`. The SDK has no
 * quote resource, so these are plain calls through the in-process service, as the SDK's adapter makes.
 */

/** A refusal of the commerce service, with its status and first message. */
export class QuoteDocumentError extends Error {
  override name = 'QuoteDocumentError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const errors = z.object({
  Errors: z.array(z.object({ ErrorCode: z.string(), Message: z.string().optional() })),
});

async function get(token: string, path: string): Promise<unknown> {
  const answer = await callService('commerce', `/v1${path}`, {
    method: 'GET',
    headers: { authorization: `Bearer ${token}` },
  });
  const body: unknown = await answer.json().catch(() => null);
  if (answer.ok) return body;
  const first = errors.safeParse(body).data?.Errors[0];
  throw new QuoteDocumentError(first?.Message || first?.ErrorCode || answer.statusText, answer.status);
}

const person = z
  .object({ FirstName: z.string().nullish(), LastName: z.string().nullish(), Username: z.string().nullish() })
  .nullish();
const nameOf = (user: z.output<typeof person>, fallback: string) =>
  `${user?.FirstName ?? ''} ${user?.LastName ?? ''}`.trim() || user?.Username || fallback;

/** What the seller's quote tells: the header and, for a preview, the draft in a revision's shape. */
const sellerQuote = quoteDocumentContent.extend({
  ID: z.string(),
  Name: z.string(),
  Revision: z.number().int(),
  FromCompanyName: z.string(),
  FromUserID: z.string(),
  FromUser: person,
});
const buyerQuote = z.object({
  ID: z.string(),
  Name: z.string(),
  Revision: z.number().int(),
  FromUserID: z.string(),
});
const revisions = z.object({
  Items: z.array(
    z.object({ Revision: z.number().int(), DateSent: z.string(), Content: quoteDocumentContent }),
  ),
});
const project = z.object({ FromCompanyID: z.string().nullish(), FromUser: person });
const company = z.object({ Name: z.string() });

/** Which revision: a number, the latest sent (null), or the seller's unsent draft. */
export type RevisionChoice = number | null | 'draft';

/**
 * The quote document's model for the caller: a sent revision (`choice` a number, or null for the latest
 * one sent) or, for a seller, the unsent draft. Throws `QuoteDocumentError` with the service's status, or
 * 404 for a revision that does not exist (none sent yet included).
 */
export async function quoteDocumentFor(
  token: string,
  user: VerifiedUser,
  id: string,
  choice: RevisionChoice,
): Promise<QuoteDocument> {
  const quoteId = encodeURIComponent(id);
  if (user.userType === 'admin') {
    const quote = sellerQuote.parse(await get(token, `/quotes/${quoteId}`));
    const header = {
      quoteId: quote.ID,
      name: quote.Name,
      companyName: quote.FromCompanyName,
      buyerName: nameOf(quote.FromUser, quote.FromUserID),
    };
    if (choice === 'draft') {
      return { ...header, revision: quote.Revision + 1, dateSent: null, draft: true, content: quote };
    }
    const sent = revisions.parse(await get(token, `/quotes/${quoteId}/revisions`));
    return { ...header, ...revisionOf(sent, choice ?? quote.Revision, id) };
  }
  if (choice === 'draft') throw new QuoteDocumentError('Only the sales team previews a draft.', 403);
  const quote = buyerQuote.parse(await get(token, `/me/quotes/${quoteId}`));
  const [sent, order] = await Promise.all([
    get(token, `/me/quotes/${quoteId}/revisions`).then((body) => revisions.parse(body)),
    get(token, `/orders/Outgoing/${quoteId}`).then((body) => project.parse(body)),
  ]);
  const companyId = order.FromCompanyID ?? '';
  const name = await get(token, `/buyers/${encodeURIComponent(companyId)}`)
    .then((body) => company.parse(body).Name)
    .catch(() => companyId); // a buyer without BuyerReader reads no company: its ID then
  return {
    quoteId: quote.ID,
    name: quote.Name,
    companyName: name,
    buyerName: nameOf(order.FromUser, quote.FromUserID),
    ...revisionOf(sent, choice ?? quote.Revision, id),
  };
}

function revisionOf(sent: z.output<typeof revisions>, revision: number, id: string) {
  const found = sent.Items.find((r) => r.Revision === revision);
  if (!found) {
    throw new QuoteDocumentError(
      revision === 0
        ? `Quote ${id} has no revision sent yet.`
        : `Revision ${revision} of quote ${id} not found.`,
      404,
    );
  }
  return { revision, dateSent: new Date(found.DateSent), draft: false, content: found.Content };
}
