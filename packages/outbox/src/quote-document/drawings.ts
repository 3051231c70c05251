import type { UnitSystem } from '@catalogue/dataset/model';
import { type ProductDrawing, productDrawing } from '@catalogue/drawings/drawing';
import { type GeometrySource, productGeometry } from '@catalogue/drawings/geometry';
import { paintDrawing } from '@catalogue/drawings/pdf';
import type { QuoteDocumentLine } from './content';
import type { QuoteDocumentLabels } from './labels';

/**
 * The quote document's "product drawings where they exist" (issue 23 item 4): after the figures, one
 * dimensioned drawing per product the quote offers (each line's product, then its substitute), drawn from
 * the same shapes as the storefront's drawing (`@catalogue/drawings`) as vectors, two to a row under a
 * caption with the catalogue number and name. A product whose catalogue data the caller did not give, or
 * whose trade size says nothing measurable (the storefront shows a stand-in outline), has no drawing here.
 */

/** The catalogue data drawings are made of, by product ID, and the unit system they are dimensioned in. */
export interface QuoteDrawingSources {
  products: ReadonlyMap<string, GeometrySource>;
  unitSystem: UnitSystem;
}

interface Figure {
  caption: string;
  drawing: ProductDrawing;
}

const COLUMNS = 2;
const GAP = 20;
const CAPTION_GAP = 4;
const ROW_GAP = 14;

/** The products the quote offers, in line order, each once: a line's product, then its substitute. */
function offered(lines: readonly QuoteDocumentLine[]): { ID: string; Name: string }[] {
  const seen = new Map<string, { ID: string; Name: string }>();
  for (const line of lines) {
    const products = [{ ID: line.ProductID, Name: line.Product.Name }, line.SubstituteProduct];
    for (const product of products) if (product && !seen.has(product.ID)) seen.set(product.ID, product);
  }
  return [...seen.values()];
}

/** Number formats' thin and narrow spaces are outside the standard fonts' WinAnsi: a no-break space. */
function winAnsi(drawing: ProductDrawing): ProductDrawing {
  const shapes = drawing.shapes.map((shape) =>
    shape.kind === 'label' ? { ...shape, text: shape.text.replace(/[\u2009\u202f]/g, '\u00a0') } : shape,
  );
  return { ...drawing, shapes };
}

export function quoteFigures(
  lines: readonly QuoteDocumentLine[],
  sources: QuoteDrawingSources | undefined,
  locale: string,
  l: QuoteDocumentLabels,
): Figure[] {
  if (!sources) return [];
  return offered(lines).flatMap((product) => {
    const source = sources.products.get(product.ID);
    const geometry = source ? productGeometry(source) : null;
    if (!geometry?.measured) return [];
    const drawing = winAnsi(productDrawing(geometry, sources.unitSystem, locale));
    return [{ caption: l('drawingOf', { id: product.ID, name: product.Name || product.ID }), drawing }];
  });
}

/**
 * Paints the figures under a heading, row by row; a row that would cross the bottom margin starts a new
 * page, and the heading never stands alone at the foot of a page.
 */
export function paintFigures(doc: PDFKit.PDFDocument, figures: readonly Figure[], heading: string): void {
  if (figures.length === 0) return;
  const left = doc.page.margins.left;
  const available = doc.page.width - left - doc.page.margins.right;
  const width = (available - GAP * (COLUMNS - 1)) / COLUMNS;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const rows: Figure[][] = [];
  for (let i = 0; i < figures.length; i += COLUMNS) rows.push(figures.slice(i, i + COLUMNS));
  doc.font('Helvetica-Bold').fontSize(12);
  const headingHeight = doc.heightOfString(heading, { width: available }) + 6;
  rows.forEach((row, index) => {
    doc.font('Helvetica-Bold').fontSize(9);
    const captionHeight = Math.max(...row.map((f) => doc.heightOfString(f.caption, { width })));
    const drawingHeight = Math.max(...row.map((f) => (f.drawing.height * width) / f.drawing.width));
    const rowHeight = captionHeight + CAPTION_GAP + drawingHeight;
    const needed = rowHeight + (index === 0 ? headingHeight : 0);
    if (doc.y + needed > bottom()) doc.addPage();
    if (index === 0) {
      doc
        .font('Helvetica-Bold')
        .fontSize(12)
        .fillColor('#000000')
        .text(heading, left, doc.y, { width: available });
      doc.moveDown(0.4);
    }
    const top = doc.y;
    row.forEach((figure, column) => {
      const x = left + column * (width + GAP);
      doc.font('Helvetica-Bold').fontSize(9).fillColor('#000000').text(figure.caption, x, top, { width });
      doc.y = top + captionHeight + CAPTION_GAP;
      paintDrawing(doc, figure.drawing, width, figure.caption, x);
    });
    doc.fillColor('#000000').font('Helvetica').fontSize(10);
    doc.x = left;
    doc.y = top + rowHeight + ROW_GAP;
  });
}
