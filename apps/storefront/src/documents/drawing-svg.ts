import { LABEL_SIZE, type ProductDrawing, type Shape } from '@catalogue/drawings/drawing';

/**
 * A product drawing (`@catalogue/drawings/drawing`) as a standalone SVG document: served as an image, so it runs
 * nothing, fetches nothing (system sans-serif, no fonts, no links) and needs no script on the page. One
 * `<style>` names the three line styles once, which keeps the largest drawing near 1 KB before compression.
 */

const INK = '#1f2933';
const DIMENSION = '#0b5cad';

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function shapeSvg(shape: Shape): string {
  switch (shape.kind) {
    case 'path':
      return `<path class="${shape.style[0]}" d="${shape.d}"/>`;
    case 'circle':
      return `<circle class="${shape.style[0]}" cx="${shape.cx}" cy="${shape.cy}" r="${shape.r}"/>`;
    case 'arrow':
      return `<path class="a" d="${shape.d}"/>`;
    case 'label':
      return shape.vertical
        ? `<text transform="translate(${shape.x} ${shape.y})rotate(-90)">${escapeXml(shape.text)}</text>`
        : `<text x="${shape.x}" y="${shape.y}">${escapeXml(shape.text)}</text>`;
  }
}

/** The SVG text; `title` is the drawing's accessible name in the reader's language. */
export function renderDrawingSvg(drawing: ProductDrawing, title: string, language: string): string {
  const style =
    `.o,.d,.c{fill:none;stroke-linejoin:round}.o{stroke:${INK};stroke-width:1.6}` +
    `.d{stroke:${DIMENSION};stroke-width:.7}.c{stroke:${INK};stroke-width:.5;stroke-dasharray:8 2 2 2}` +
    `.a{fill:${DIMENSION}}text{font:${LABEL_SIZE}px system-ui,sans-serif;fill:${DIMENSION};text-anchor:middle;dominant-baseline:central}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${drawing.width} ${drawing.height}" ` +
    `width="${drawing.width * 2}" height="${drawing.height * 2}" role="img" lang="${escapeXml(language)}">` +
    `<title>${escapeXml(title)}</title><style>${style}</style>` +
    `<rect width="100%" height="100%" fill="#fff"/>` +
    drawing.shapes.map(shapeSvg).join('') +
    '</svg>'
  );
}
