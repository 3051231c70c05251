import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { type QuoteRequest, quotePdf } from './document';
import { packagingLabels } from './packaging';
import { overlapping, placedText } from './pdf-layout-testing';
import { drawTable } from './pdf-table';

const ENGLISH_PACKAGING = packagingLabels((key) => key.split('.').at(-1) ?? key);

const LONG_NAME =
  'Electrical metallic tubing (EMT), hot-dip galvanised steel with zinc-rich inside coating, 1/2 in trade size, 10 ft stick, set-screw couplings included, UL 797 listed';

function quote(lines: number): QuoteRequest {
  return {
    orderId: 'o-long',
    projectName: 'Hospital wing B',
    projectDesc: '',
    regionName: 'US',
    brand: '',
    submittedAt: null,
    company: { id: 'c1', name: 'Contractor' },
    user: { username: 'engineer', firstName: 'Erin', lastName: 'Engineer', email: 'e@example.com' },
    lines: Array.from({ length: lines }, (_, i) => ({
      productId: `EMT-050-10-P${String(i + 1).padStart(3, '0')}`,
      name: i % 3 === 0 ? LONG_NAME : `${LONG_NAME}, variant ${i + 1}, with an even longer description`,
      quantity: 1000 + i,
      packagingOption: i % 2 ? 'Pack of 50 sticks' : '',
    })),
  };
}

describe('project PDF table', () => {
  it('wrapped product names never overlap the next row', async () => {
    const pages = await placedText(await quotePdf(quote(6), 'Project', ENGLISH_PACKAGING));
    const texts = pages.flatMap((p) => p.texts);
    // The long names really wrap: three or four lines each.
    const nameColumn = texts.find((t) => t.text.startsWith('Electrical metallic'))?.left;
    expect(texts.filter((t) => t.left === nameColumn).length).toBeGreaterThanOrEqual(1 + 6 * 3);
    // No two pieces of text share any area, and the rows follow each other down the page.
    expect(overlapping(texts)).toEqual([]);
    const starts = texts.filter((t) => /^EMT-050-10-P\d{3}$/.test(t.text)).map((t) => t.top);
    expect(starts).toHaveLength(6);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('no header word is broken (Packagin/g)', async () => {
    const [first] = await placedText(await quotePdf(quote(2), 'Project', ENGLISH_PACKAGING));
    const texts = first?.texts ?? [];
    for (const word of ['Catalogue', 'number', 'Product', 'Quantity', 'Packaging'])
      expect(texts.some((t) => t.text.split(/\s+/).includes(word))).toBe(true);
    expect(texts.filter((t) => t.text === 'g' || t.text === 'Packagin')).toEqual([]);
  });

  it('header words in any language fit whole, the widest body words too', async () => {
    const headers = ['Katalognummer', 'Produktbezeichnung', 'Bestellmenge', 'Verpackungseinheit', 'Gewicht'];
    const doc = new PDFDocument({ size: 'A4', margin: 50 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
    drawTable(
      doc,
      headers.map((header, i) => ({ header, grow: i === 1, numeric: i === 2 })),
      [['EMT-050-10-P50', LONG_NAME, '125', 'Karton mit 50 Stangen', '68,04 kg']],
    );
    doc.end();
    const texts = (await placedText(await done)).flatMap((p) => p.texts);
    for (const word of [...headers, 'EMT-050-10-P50', 'Stangen'])
      expect(texts.some((t) => t.text.split(/\s+/).includes(word))).toBe(true);
    expect(overlapping(texts)).toEqual([]);
  });

  it('rows reaching the foot of a page continue on the next one under the header again, none lost', async () => {
    const pages = await placedText(await quotePdf(quote(60), 'Project', ENGLISH_PACKAGING));
    expect(pages.length).toBeGreaterThan(2);
    const numbers: string[] = [];
    for (const { height, texts } of pages) {
      expect(overlapping(texts)).toEqual([]);
      // Inside the 50 pt margins.
      for (const t of texts) {
        expect(t.top).toBeGreaterThanOrEqual(49);
        expect(t.bottom).toBeLessThanOrEqual(height - 49);
      }
      expect(texts.some((t) => t.text.includes('Packaging'))).toBe(true);
      numbers.push(...texts.filter((t) => /^EMT-050-10-P\d{3}$/.test(t.text)).map((t) => t.text));
    }
    expect(numbers).toEqual(quote(60).lines.map((l) => l.productId));
  });
});
