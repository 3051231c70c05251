import { QUOTE_DOCUMENT_KEYS, quoteDocumentLabels, quoteDocumentPdf } from '@catalogue/outbox/documents';
import type { NextRequest } from 'next/server';
import { unavailableAnswer } from '../app/api/unavailable';
import { getDictionary, getSiteName } from '../data/content';
import { jsonError, requestUser } from '../delivery/request-user';
import { createTranslator } from '../i18n/translator';
import { localeOrDefault } from '../routing/locales';
import { UNIT_SYSTEM_COOKIE, unitSystemOf } from '../units/unit-system';
import { QuoteDocumentError, quoteDocumentFor, type RevisionChoice } from './commerce-quote';
import { quoteDrawingSources } from './drawing-sources';

/** `?revision=N` (a positive whole number), `?draft=1`, or neither (the latest revision sent). */
function choiceOf(search: URLSearchParams): RevisionChoice | { error: string } {
  const revision = search.get('revision');
  const draft = search.get('draft');
  if (draft !== null && draft !== '1') return { error: 'draft must be 1 when given.' };
  if (draft === '1' && revision !== null) return { error: 'Give revision or draft, not both.' };
  if (draft === '1') return 'draft';
  if (revision === null) return null;
  return /^[1-9]\d{0,5}$/.test(revision)
    ? Number(revision)
    : { error: 'revision must be a positive whole number.' };
}

/**
 * `GET /api/quotes/{quoteId}/document.pdf[?revision=N | ?draft=1][&locale=de-eu]`: the quote document
 * (`@catalogue/outbox/documents`, the builder the quote mails attach) for the quote's buyer (their own, or
 * their company's with OrderReader) or a seller user with QuoteReader, read with the caller's token (UserToken
 * cookie or bearer, as the project export). Default: the latest revision sent; `draft=1` is the seller's
 * preview of the unsent draft. Texts and number formats of `locale` (default en-US); the product drawings
 * from the locale's catalog in the visitor's unit system (`drawing-sources.ts`). No token: 401; a
 * buyer asking for a draft, a user without the role: 403; a quote or revision the caller does not reach: 404.
 */
export async function quoteDocumentRoute(request: NextRequest, id: string): Promise<Response> {
  const caller = await requestUser(request);
  if (!caller.ok) return caller.response;
  const choice = choiceOf(request.nextUrl.searchParams);
  if (choice !== null && typeof choice === 'object') return jsonError(400, choice.error);
  try {
    const locale = localeOrDefault(request.nextUrl.searchParams.get('locale') ?? undefined);
    const [quote, dictionary, siteName] = await Promise.all([
      quoteDocumentFor(caller.token, caller.user, id, choice),
      getDictionary(locale),
      getSiteName(locale),
    ]);
    const t = createTranslator(dictionary);
    const missing = QUOTE_DOCUMENT_KEYS.filter((key) => !Object.hasOwn(dictionary, `quoteDocument.${key}`));
    if (missing.length > 0)
      throw new Error(`the ${locale} dictionary lacks quoteDocument.${missing.join(', ')}`);
    const unitChoice = unitSystemOf(request.cookies.get(UNIT_SYSTEM_COOKIE)?.value);
    const drawings = await quoteDrawingSources(quote, locale, unitChoice);
    const pdf = await quoteDocumentPdf(quote, { labels: quoteDocumentLabels(t), locale, siteName, drawings });
    const name = quote.draft
      ? `quote-${quote.quoteId}-draft.pdf`
      : `quote-${quote.quoteId}-${quote.revision}.pdf`;
    return new Response(new Uint8Array(pdf), {
      headers: {
        'content-type': 'application/pdf',
        // The ID is the project's order ID; keep the header to safe characters whatever it holds.
        'content-disposition': `inline; filename="${name.replace(/[^\w.-]/g, '_')}"`,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  } catch (error) {
    const unavailable = unavailableAnswer(error);
    if (unavailable) return unavailable;
    if (error instanceof QuoteDocumentError) {
      if (error.status >= 500) console.error('[quotes] document failed:', error);
      return jsonError(error.status, error.message);
    }
    throw error;
  }
}
