/**
 * A table in a pdfkit document whose cells never overlap (issue 22 item 12): column widths come from the
 * font's own metrics so that no header word is split, each row is as tall as its most wrapped cell, and a
 * row that would cross the bottom margin starts a new page, which repeats the header.
 */

type TableDocument = PDFKit.PDFDocument;

export interface TableColumn {
  header: string;
  /** Right-aligned (numbers). */
  numeric?: boolean;
  /** The column that takes the width the others leave (a product name). */
  grow?: boolean;
}

export interface TableFonts {
  regular: string;
  bold: string;
  size: number;
  /** The smallest size the table may shrink to when its words do not fit at `size`. */
  minSize: number;
}

const DEFAULT_FONTS: TableFonts = { regular: 'Helvetica', bold: 'Helvetica-Bold', size: 10, minSize: 7 };
/** Space between columns and above/below the text of a row, in points. */
const GUTTER = 8;
const ROW_PADDING = 3;
/**
 * A body word wider than this is allowed to break (a pathological catalogue number must not squeeze the
 * other columns away); header words always fit whole.
 */
const LONGEST_UNBROKEN_BODY_WORD = 160;
/** The least part of the width the growing column keeps before the others wrap their text. */
const GROW_SHARE = 0.4;
/** pdfkit's line wrapper compares widths without tolerance: a hair of room keeps a word that just fits whole. */
const SLACK = 0.5;

/**
 * The widths of the columns for `rows` at the document's current font size, or null when even the
 * narrowest layout (every column as wide as its widest word) does not fit in `available`.
 * Every column gets at least its widest word. The others keep their text on one line while the growing
 * column keeps 40 % of the width; otherwise, as in HTML's automatic table layout, the room between the
 * widest words and the unwrapped texts is shared in proportion. What is left goes to the growing column.
 */
export function columnWidths(
  doc: TableDocument,
  columns: TableColumn[],
  rows: string[][],
  fonts: TableFonts,
  available: number,
): number[] | null {
  const min: number[] = [];
  const max: number[] = [];
  columns.forEach((column, i) => {
    doc.font(fonts.bold);
    let narrowest = widestWord(doc, column.header);
    let widest = doc.widthOfString(column.header);
    doc.font(fonts.regular);
    for (const row of rows) {
      const cell = row[i] ?? '';
      narrowest = Math.max(narrowest, Math.min(widestWord(doc, cell), LONGEST_UNBROKEN_BODY_WORD));
      widest = Math.max(widest, doc.widthOfString(cell));
    }
    min.push(narrowest + GUTTER + SLACK);
    max.push(Math.max(widest, narrowest) + GUTTER + SLACK);
  });
  const sumMin = sum(min);
  const sumMax = sum(max);
  if (sumMin > available) return null;
  const growAt = Math.max(
    0,
    columns.findIndex((c) => c.grow),
  );
  let widths: number[];
  const othersWhole = sum(max) - (max[growAt] ?? 0);
  if (sumMax <= available || available - othersWhole >= Math.max(min[growAt] ?? 0, GROW_SHARE * available)) {
    // The other columns unwrapped, the growing one still wide enough.
    widths = max.map((m, i) => (i === growAt ? (min[i] ?? m) : m));
  } else {
    const share = (available - sumMin) / (sumMax - sumMin);
    widths = min.map((m, i) => m + ((max[i] ?? m) - m) * share);
  }
  const rest = available - sum(widths);
  widths[growAt] = (widths[growAt] ?? 0) + rest;
  return widths;
}

/** Draws the table from the document's current position (at the left margin) and leaves `doc.y` below it. */
export function drawTable(
  doc: TableDocument,
  columns: TableColumn[],
  rows: string[][],
  fonts: TableFonts = DEFAULT_FONTS,
): void {
  const left = doc.page.margins.left;
  const available = doc.page.width - left - doc.page.margins.right;
  let size = fonts.size;
  let widths: number[] | null = null;
  // Shrink the type only when the words themselves do not fit side by side.
  for (; size >= fonts.minSize; size -= 0.5) {
    doc.fontSize(size);
    widths = columnWidths(doc, columns, rows, fonts, available);
    if (widths) break;
  }
  if (!widths) {
    size = fonts.minSize;
    doc.fontSize(size);
    widths = columns.map(() => available / columns.length);
  }
  const lefts = widths.map((_, i) => left + sum(widths.slice(0, i)));
  const bottom = doc.page.height - doc.page.margins.bottom;
  const cellWidth = (i: number) => (widths[i] ?? 0) - GUTTER;

  const heightOf = (cells: string[], font: string) => {
    doc.font(font);
    return (
      Math.max(...cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: cellWidth(i) }))) +
      2 * ROW_PADDING
    );
  };
  const draw = (cells: string[], font: string, height: number) => {
    const top = doc.y;
    doc.font(font);
    cells.forEach((cell, i) => {
      doc.text(cell, lefts[i] ?? left, top + ROW_PADDING, {
        width: cellWidth(i),
        align: columns[i]?.numeric ? 'right' : 'left',
      });
    });
    const under = top + height;
    doc
      .lineWidth(font === fonts.bold ? 0.8 : 0.3)
      .strokeColor(font === fonts.bold ? '#333333' : '#bbbbbb')
      .moveTo(left, under)
      .lineTo(left + available, under)
      .stroke();
    doc.x = left;
    doc.y = under;
  };

  const headerCells = columns.map((c) => c.header);
  const headerHeight = heightOf(headerCells, fonts.bold);
  const header = () => draw(headerCells, fonts.bold, headerHeight);
  // The header never stands alone at the foot of a page.
  const firstRowHeight = rows[0] ? heightOf(rows[0], fonts.regular) : 0;
  if (doc.y + headerHeight + firstRowHeight > bottom) doc.addPage();
  header();
  for (const row of rows) {
    const height = heightOf(row, fonts.regular);
    if (doc.y + height > bottom) {
      doc.addPage();
      header();
    }
    draw(row, fonts.regular, height);
  }
}

function widestWord(doc: TableDocument, text: string): number {
  return Math.max(0, ...text.split(/\s+/).map((word) => doc.widthOfString(word)));
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
