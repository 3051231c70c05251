/**
 * `@catalogue/outbox/documents`: the documents the outbox mails and the storefront lets people download —
 * the quote request (a project as CSV and PDF) and the quote (the sales team's offer as PDF). pdfkit and
 * zod only, so the storefront can import it without the worker.
 */

export {
  type QuoteDocument,
  type QuoteDocumentContent,
  type QuoteDocumentLine,
  quoteDocumentContent,
} from './quote-document/content';
export type { QuoteDrawingSources } from './quote-document/drawings';
export { type Formats, formatsFor } from './quote-document/format';
export {
  QUOTE_DOCUMENT_KEYS,
  type QuoteDocumentKey,
  type QuoteDocumentLabels,
  quoteDocumentLabels,
} from './quote-document/labels';
export { quoteDocumentPdf } from './quote-document/pdf';
export { projectDetails, type QuoteRequest, quoteCsv, quotePdf } from './quote-request/document';
