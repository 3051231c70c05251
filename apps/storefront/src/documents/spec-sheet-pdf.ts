import { type Shape as ProductDrawingShape, productDrawing } from '@catalogue/drawings/drawing';
import { productGeometry } from '@catalogue/drawings/geometry';
import { paintDrawing, paintLogo } from '@catalogue/drawings/pdf';
import PDFDocument from 'pdfkit';
import type { ProductSheet } from './product-sheet';

/**
 * The spec sheet of one SKU as a PDF, generated on request in the page's language with pdfkit. It uses
 * the PDF standard fonts (Helvetica), which every reader has, so nothing is embedded or fetched; their
 * WinAnsi encoding covers the site's languages (é, ü, ß, ç, …). Letter paper in North America, A4 elsewhere.
 * The brand mark heads it and the dimensioned drawing follows the title, both vector graphics tagged as
 * figures with their text alternatives (a tagged PDF).
 */

/** Characters outside WinAnsi that number and date formats use (narrow and thin spaces) become spaces. */
export function winAnsiText(text: string): string {
  return text.replace(/[\u2009\u202f\u00a0]/g, ' ').replace(/[\u2010\u2011]/g, '-');
}

const INK = '#1f2933';
const MUTED = '#52606d';
const ACCENT = '#0b5cad';
const RULE = '#cbd2d9';

export function paperSizeOf(locale: string): 'LETTER' | 'A4' {
  return /-(US|CA)$/.test(locale) ? 'LETTER' : 'A4';
}

/** Renders the sheet; resolves with the PDF's bytes. */
export function renderSpecSheetPdf(sheet: ProductSheet): Promise<Buffer> {
  const { product, labels } = sheet;
  const doc = new PDFDocument({
    size: paperSizeOf(sheet.locale),
    margin: 56,
    lang: sheet.locale,
    displayTitle: true,
    tagged: true,
    info: {
      Title: winAnsiText(`${product.name} – ${labels.specSheet}`),
      Author: sheet.siteName,
      Subject: `${labels.catalogueNumber} ${product.id}`,
      Keywords: product.id,
      CreationDate: sheet.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const text = (value: string) => winAnsiText(value);

  const logoSize = 22;
  paintLogo(doc, doc.page.margins.left, doc.y, logoSize, sheet.siteName, ACCENT);
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(ACCENT)
    .text(text(sheet.siteName.toUpperCase()), doc.page.margins.left + logoSize + 8, doc.y + 6);
  doc.x = doc.page.margins.left;
  doc.y += 6;
  doc.moveDown(0.4);
  doc.font('Helvetica').fontSize(11).fillColor(MUTED).text(text(labels.specSheet));
  doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text(text(product.name));
  doc.moveDown(0.3);
  doc
    .font('Helvetica')
    .fontSize(12)
    .fillColor(INK)
    .text(text(`${labels.catalogueNumber}: ${product.id}`));
  if (labels.madeToOrderNote) {
    doc.moveDown(0.3);
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#8a4b00').text(text(labels.madeToOrderNote));
  }
  rule(doc, width);

  doc.font('Helvetica-Bold').fontSize(13).fillColor(INK).text(text(labels.drawing));
  doc.moveDown(0.3);
  const drawing = productDrawing(productGeometry(product), sheet.unitSystem, sheet.locale);
  paintDrawing(
    doc,
    { ...drawing, shapes: drawing.shapes.map(winAnsiShape) },
    Math.min(width, 360),
    labels.drawingAlt,
  );
  rule(doc, width);

  doc.font('Helvetica-Bold').fontSize(13).fillColor(INK).text(text(labels.description));
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(10.5).fillColor(INK).text(text(sheet.description), { width });
  if (sheet.bullets.length > 0) {
    doc.moveDown(0.4);
    doc.list(sheet.bullets.map(text), { bulletRadius: 2, textIndent: 12, width });
  }
  rule(doc, width);

  doc.font('Helvetica-Bold').fontSize(13).fillColor(INK).text(text(labels.specifications));
  doc.moveDown(0.4);
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  doc.table({
    columnStyles: [width * 0.38, width * 0.62],
    defaultStyle: { border: 0.5, borderColor: RULE, padding: [4, 6] },
    data: sheet.rows.map((row) => [
      { text: text(row.label), font: { src: 'Helvetica-Bold' } },
      { text: text(row.text) },
    ]),
  });

  doc.moveDown(1.2);
  doc.font('Helvetica').fontSize(8.5).fillColor(MUTED).text(text(labels.generated), doc.page.margins.left);
  doc.end();
  return done;
}

/** A label's text in WinAnsi (the narrow no-break spaces of number formats). */
function winAnsiShape(shape: ProductDrawingShape): ProductDrawingShape {
  return shape.kind === 'label' ? { ...shape, text: winAnsiText(shape.text) } : shape;
}

function rule(doc: PDFKit.PDFDocument, width: number): void {
  doc.moveDown(0.8);
  const y = doc.y;
  doc
    .moveTo(doc.page.margins.left, y)
    .lineTo(doc.page.margins.left + width, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.moveDown(0.8);
}
