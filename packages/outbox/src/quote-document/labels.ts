/**
 * The words of the quote document in one language: the dictionary's `quoteDocument.*` keys
 * (`packages/dataset/data/dictionary.yaml`), read through the `t` of a mail (`mailTexts`) or of the
 * storefront (`createTranslator`), so the PDF is edited like every other text of the site.
 */
export const QUOTE_DOCUMENT_KEYS = [
  'title',
  'field',
  'draft',
  'quoteId',
  'project',
  'company',
  'requestedBy',
  'revision',
  'date',
  'validUntil',
  'catalogueNumber',
  'product',
  'quantity',
  'unitPrice',
  'pricing',
  'lineTotal',
  'leadTime',
  'leadTimeDays',
  'substitute',
  'note',
  'priceList',
  'priceDiscount',
  'priceNet',
  'subtotal',
  'discount',
  'freight',
  'total',
  'terms',
  'drawings',
  'drawingOf',
] as const;
export type QuoteDocumentKey = (typeof QUOTE_DOCUMENT_KEYS)[number];

/** `t(key, values)` for the document's keys, placeholders filled. */
export type QuoteDocumentLabels = (
  key: QuoteDocumentKey,
  values?: Readonly<Record<string, string | number>>,
) => string;

/** The labels through a dictionary lookup that fills `{placeholders}`. */
export function quoteDocumentLabels(
  t: (key: string, values?: Readonly<Record<string, string | number>>) => string,
): QuoteDocumentLabels {
  return (key, values) => t(`quoteDocument.${key}`, values);
}
