import { LABEL_SIZE, type ProductDrawing } from './product-drawing';

/**
 * Paints a product drawing (`product-drawing.ts`, the shapes the web SVG is made of) and the brand mark
 * on a pdfkit page as vector graphics, each as a tagged Figure with its text alternative, so the sheet
 * prints sharp, stays small and a screen reader names both.
 */

const INK = '#1f2933';
const DIMENSION = '#0b5cad';

/**
 * The drawing scaled to `width` points at the cursor's height, from the left margin or from `x`; the
 * cursor moves below it, back to the left margin.
 */
export function paintDrawing(
  doc: PDFKit.PDFDocument,
  drawing: ProductDrawing,
  width: number,
  alt: string,
  x = doc.page.margins.left,
): void {
  const y = doc.y;
  const scale = width / drawing.width;
  const figure = doc.struct('Figure', { alt }, () => {
    doc.save();
    doc.translate(x, y).scale(scale);
    for (const shape of drawing.shapes) {
      if (shape.kind === 'arrow') doc.path(shape.d).fill(DIMENSION);
      else if (shape.kind === 'label') {
        doc.font('Helvetica').fontSize(LABEL_SIZE).fillColor(DIMENSION);
        const textWidth = doc.widthOfString(shape.text);
        doc.save();
        if (shape.vertical) doc.rotate(-90, { origin: [shape.x, shape.y] });
        doc.text(shape.text, shape.x - textWidth / 2, shape.y - LABEL_SIZE / 2, { lineBreak: false });
        doc.restore();
      } else {
        if (shape.kind === 'circle') doc.circle(shape.cx, shape.cy, shape.r);
        else doc.path(shape.d);
        const outline = shape.style === 'outline';
        doc.lineWidth(outline ? 1.6 : shape.style === 'center' ? 0.5 : 0.7);
        if (shape.style === 'center') doc.dash(8, { space: 2 });
        doc.stroke(outline || shape.style === 'center' ? INK : DIMENSION);
        doc.undash();
      }
    }
    doc.restore();
  });
  doc.addStructure(figure);
  doc.x = doc.page.margins.left;
  doc.y = y + drawing.height * scale;
}

/** The brand mark (`components/site-logo.tsx`, a cable tray section) `size` points square at (x, y). */
export function paintLogo(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  size: number,
  alt: string,
  color: string,
) {
  const figure = doc.struct('Figure', { alt }, () => {
    doc.save();
    doc.translate(x, y).scale(size / 32);
    doc.roundedRect(0, 0, 32, 32, 6).fill(color);
    doc.path('M7 11v10h18V11').lineWidth(2.5).lineJoin('round').stroke('#ffffff');
    doc.path('M12 11v10M16 11v10M20 11v10').lineWidth(1.5).stroke('#ffffff');
    doc.restore();
  });
  doc.addStructure(figure);
}
