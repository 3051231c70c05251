import PDFDocument from 'pdfkit';
import { drawTable } from '../quote-request/pdf-table';
import type { QuoteDocument, QuoteDocumentLine } from './content';
import { paintFigures, type QuoteDrawingSources, quoteFigures } from './drawings';
import { type Formats, formatsFor } from './format';
import type { QuoteDocumentLabels } from './labels';

/**
 * The quote document (issue 23 items 4 and 6): one builder for the buyer's download, the seller's preview
 * and the mails' attachment. Branded as the site's other PDFs (the site's name over the title), in the
 * reader's language and number formats: quote name and ID, revision, date, validity, the lines as a table
 * (`../quote-request/pdf-table.ts`, the quote request's layout: no overlaps, the header repeated on each
 * page), freight, totals, terms and the product drawings. It prints the revision's content only — the rep's
 * note to the buyer, never the internal note, which the content does not carry.
 *
 * The drawings (`./drawings.ts`) are the storefront's: the same shapes from `@catalogue/drawings`, painted
 * as pdfkit vectors (no SVG parsing, no rasterising). The revision carries product IDs and names only, so
 * the caller gives each product's catalogue data (`drawings`); without it, or for a product without a
 * measurable size, the document simply has no drawing for it.
 */
export function quoteDocumentPdf(
  quote: QuoteDocument,
  options: {
    labels: QuoteDocumentLabels;
    locale: string;
    siteName: string;
    drawings?: QuoteDrawingSources;
  },
): Promise<Buffer> {
  const { labels: l, siteName } = options;
  const f = formatsFor(options.locale, quote.content.Currency);
  const title = `${l('title')} ${quote.name}`;
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: title, Author: siteName, Subject: `${quote.quoteId} / ${quote.revision}` },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(11).fillColor('#555555').text(siteName);
    doc
      .moveDown(0.3)
      .fillColor('#000000')
      .fontSize(18)
      .text(l('field', { label: l('title'), value: quote.name }));
    if (quote.draft) doc.fontSize(12).fillColor('#b00020').text(l('draft')).fillColor('#000000');
    doc.moveDown(0.5).font('Helvetica').fontSize(10);
    const details: [string, string][] = [
      [l('quoteId'), quote.quoteId],
      [l('revision'), String(quote.revision)],
      [l('date'), quote.dateSent ? f.date(quote.dateSent) : '–'],
      [l('validUntil'), f.date(quote.content.ValidUntil)],
      [l('company'), quote.companyName],
      [l('requestedBy'), quote.buyerName],
    ];
    for (const [label, value] of details) doc.text(l('field', { label, value: value || '–' }));
    doc.moveDown();
    drawTable(
      doc,
      [
        { header: l('catalogueNumber') },
        { header: l('product'), grow: true },
        { header: l('quantity'), numeric: true },
        { header: l('pricing') },
        { header: l('unitPrice'), numeric: true },
        { header: l('lineTotal'), numeric: true },
        { header: l('leadTime') },
      ],
      quote.content.LineItems.map((line) => lineCells(line, l, f)),
    );
    doc.moveDown();
    totals(doc, quote, l, f);
    if (quote.content.Terms) {
      doc.moveDown().font('Helvetica-Bold').text(l('terms'));
      doc.font('Helvetica').text(quote.content.Terms);
    }
    doc.moveDown(1.5);
    paintFigures(
      doc,
      quoteFigures(quote.content.LineItems, options.drawings, options.locale, l),
      l('drawings'),
    );
    doc.end();
  });
}

function lineCells(line: QuoteDocumentLine, l: QuoteDocumentLabels, f: Formats): string[] {
  const product = [line.Product.Name || line.ProductID];
  if (line.SubstituteProduct)
    product.push(l('substitute', { id: line.SubstituteProduct.ID, name: line.SubstituteProduct.Name }));
  if (line.Note) product.push(l('note', { note: line.Note }));
  return [
    line.ProductID,
    product.join('\n'),
    f.integer(line.Quantity),
    pricing(line, l, f),
    f.money(line.UnitPrice, true),
    f.money(line.LineTotal),
    line.LeadTimeDays === null ? '–' : l('leadTimeDays', { days: line.LeadTimeDays }),
  ];
}

/** How the line is priced: the list price, a discount off it, or a net price. */
function pricing(line: QuoteDocumentLine, l: QuoteDocumentLabels, f: Formats): string {
  if (line.PriceType === 'Discount' && line.DiscountPercent !== null)
    return l('priceDiscount', {
      percent: f.percent(line.DiscountPercent),
      price: f.money(line.ListUnitPrice, true),
    });
  if (line.PriceType === 'Net') return l('priceNet');
  return l('priceList');
}

/**
 * The figures under the table, right-aligned: subtotal, freight, total, and what the quote saves against
 * list prices (already inside the subtotal, so it comes after the total, not between the sums).
 */
function totals(doc: PDFKit.PDFDocument, quote: QuoteDocument, l: QuoteDocumentLabels, f: Formats): void {
  const c = quote.content;
  const rows: [string, string, boolean][] = [
    [l('subtotal'), f.money(c.Subtotal), false],
    [l('freight'), f.money(c.FreightAmount), false],
    [l('total'), f.money(c.Total), true],
    ...(c.Discount ? [[l('discount'), f.money(c.Discount), false] as [string, string, boolean]] : []),
  ];
  const right = doc.page.width - doc.page.margins.right;
  const labelWidth = 150;
  const valueWidth = 110;
  const left = right - labelWidth - valueWidth;
  // Keep the block together: a total never stands alone at the top of a page.
  if (doc.y + rows.length * 16 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  for (const [label, value, bold] of rows) {
    const top = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 12 : 10);
    doc.text(label, left, top, { width: labelWidth - 8 });
    const underLabel = doc.y;
    doc.text(value, right - valueWidth, top, { width: valueWidth, align: 'right' });
    // A label that wraps (long words in some languages) pushes the next row down, never under it.
    doc.x = doc.page.margins.left;
    doc.y = Math.max(underLabel, doc.y);
  }
  doc.font('Helvetica').fontSize(10);
}
