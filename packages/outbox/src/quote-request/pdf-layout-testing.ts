import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Where a PDF puts its text, for tests of the documents' layout (the quote request's and the quote's):
 * read with pdf.js, the library browsers show PDFs with.
 */

/** pdf.js's metrics of the 14 standard fonts (Helvetica), which it reads from its own package. */
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** One run of text as placed on a page, in points from the page's top-left corner. */
export interface PlacedText {
  page: number;
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * Where the PDF put its text, read with pdf.js (the library browsers show PDFs with): every text run with
 * the box its glyphs take. The box spans Helvetica's ascender and descender (0.72 and 0.21 of the font
 * size), so two lines set one line-height (1.16 of the size) apart never meet, and two that overlap do.
 */
export async function placedText(bytes: Buffer): Promise<{ height: number; texts: PlacedText[] }[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, standardFontDataUrl })
    .promise;
  try {
    const pages: { height: number; texts: PlacedText[] }[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const height = page.getViewport({ scale: 1 }).height;
      const texts: PlacedText[] = [];
      for (const item of (await page.getTextContent()).items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const [, , , scaleY = 0, x = 0, baseline = 0] = item.transform as number[];
        const size = Math.abs(scaleY);
        texts.push({
          page: n,
          text: item.str,
          left: x,
          right: x + item.width,
          top: height - (baseline + 0.72 * size),
          bottom: height - (baseline - 0.21 * size),
        });
      }
      pages.push({ height, texts });
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}

export function overlapping(texts: PlacedText[]): [string, string][] {
  const pairs: [string, string][] = [];
  texts.forEach((a, i) => {
    for (const b of texts.slice(i + 1))
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
        pairs.push([a.text, b.text]);
  });
  return pairs;
}
