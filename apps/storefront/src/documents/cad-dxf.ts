import { type ProductGeometry, productGeometry, profileSize } from '@catalogue/drawings/geometry';
import type { ProductSheet } from './product-sheet';

/**
 * The CAD drawing of a SKU as an ASCII DXF (AutoCAD R12, AC1009, millimetres), the one CAD exchange
 * format every CAD program opens: the side view (length × height) and the end profile (circle or
 * rectangle) on layer OUTLINE, overall dimensions and the title (catalogue number, name, site) as text
 * on layer TEXT. DXF R12 is a list of group-code/value pairs; writing the handful of entities needed is
 * shorter than any writer library's setup, and the tests read the file back with dxf-parser.
 */

type Pair = [code: number, value: string | number];

/** Non-ASCII characters as DXF's `\U+XXXX` escapes, so the file stays ASCII whatever the language. */
export function dxfText(text: string): string {
  return [...text.replace(/[\r\n]+/g, ' ')]
    .map((char) => {
      const code = char.codePointAt(0) ?? 63;
      return code < 128 ? char : `\\U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
    })
    .join('');
}

const num = (value: number) => Number(value.toFixed(4));

function line(x1: number, y1: number, x2: number, y2: number): Pair[] {
  return [
    [0, 'LINE'],
    [8, 'OUTLINE'],
    [10, num(x1)],
    [20, num(y1)],
    [30, 0],
    [11, num(x2)],
    [21, num(y2)],
    [31, 0],
  ];
}

function rectangle(x: number, y: number, width: number, height: number): Pair[] {
  return [
    ...line(x, y, x + width, y),
    ...line(x + width, y, x + width, y + height),
    ...line(x + width, y + height, x, y + height),
    ...line(x, y + height, x, y),
  ];
}

function text(x: number, y: number, height: number, value: string): Pair[] {
  return [
    [0, 'TEXT'],
    [8, 'TEXT'],
    [10, num(x)],
    [20, num(y)],
    [30, 0],
    [40, num(height)],
    [1, dxfText(value)],
  ];
}

/** The drawing's entities: side view at the origin, end profile to its right, texts above. */
export function dxfEntities(sheet: ProductSheet, geometry: ProductGeometry): Pair[] {
  const { width, height } = profileSize(geometry.profile);
  const length = geometry.lengthMm;
  const gap = Math.max(width, length * 0.1, 20);
  const textHeight = Math.max(2.5, Math.min(height, width, length) / 8, Math.max(length, width) / 60);
  const pairs: Pair[] = [...rectangle(0, 0, length, height)];
  const profileX = length + gap;
  if (geometry.profile.kind === 'circle') {
    const r = geometry.profile.diameter / 2;
    pairs.push([0, 'CIRCLE'], [8, 'OUTLINE'], [10, num(profileX + r)], [20, num(r)], [30, 0], [40, num(r)]);
  } else pairs.push(...rectangle(profileX, 0, width, height));
  const top = height + textHeight * 2;
  pairs.push(
    ...text(0, top + textHeight * 3.6, textHeight * 1.4, `${sheet.product.id} - ${sheet.product.name}`),
  );
  pairs.push(...text(0, top + textHeight * 1.8, textHeight, sheet.siteName));
  // A stand-in block (no usable trade size) has no dimensions to state.
  if (geometry.measured)
    pairs.push(
      ...text(0, top, textHeight, `L = ${num(length)} mm, H = ${num(height)} mm, W = ${num(width)} mm`),
    );
  return pairs;
}

/** The DXF file's text (CRLF line ends, as AutoCAD writes them). */
export function renderCadDxf(sheet: ProductSheet): string {
  const geometry = productGeometry(sheet.product);
  const { width, height } = profileSize(geometry.profile);
  const extentX = geometry.lengthMm + Math.max(width, geometry.lengthMm * 0.1, 20) + width;
  const pairs: Pair[] = [
    [0, 'SECTION'],
    [2, 'HEADER'],
    [9, '$ACADVER'],
    [1, 'AC1009'],
    [9, '$INSBASE'],
    [10, 0],
    [20, 0],
    [30, 0],
    [9, '$EXTMIN'],
    [10, 0],
    [20, 0],
    [30, 0],
    [9, '$EXTMAX'],
    [10, num(extentX)],
    [20, num(height * 2 + 40)],
    [30, 0],
    [9, '$MEASUREMENT'],
    [70, 1],
    [0, 'ENDSEC'],
    [0, 'SECTION'],
    [2, 'TABLES'],
    [0, 'TABLE'],
    [2, 'LAYER'],
    [70, 2],
    [0, 'LAYER'],
    [2, 'OUTLINE'],
    [70, 0],
    [62, 7],
    [6, 'CONTINUOUS'],
    [0, 'LAYER'],
    [2, 'TEXT'],
    [70, 0],
    [62, 3],
    [6, 'CONTINUOUS'],
    [0, 'ENDTAB'],
    [0, 'ENDSEC'],
    [0, 'SECTION'],
    [2, 'ENTITIES'],
    ...dxfEntities(sheet, geometry),
    [0, 'ENDSEC'],
    [0, 'EOF'],
  ];
  return `${pairs.map(([code, value]) => `${String(code).padStart(3, ' ')}\r\n${value}`).join('\r\n')}\r\n`;
}
