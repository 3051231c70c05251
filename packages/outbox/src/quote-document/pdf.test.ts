import type { GeometrySource } from '@catalogue/drawings/geometry';
import { PDFParse } from 'pdf-parse';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { SAMPLE_CONTENT } from '../quote-mail/sample';
import { textsOf } from '../quote-mail/test-texts';
import { overlapping, placedText } from '../quote-request/pdf-layout-testing';
import { type QuoteDocument, quoteDocumentContent } from './content';
import type { QuoteDrawingSources } from './drawings';
import { quoteDocumentLabels } from './labels';
import { quoteDocumentPdf } from './pdf';

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const document = (overrides: Partial<QuoteDocument> = {}): QuoteDocument => ({
  quoteId: 'Q-1001',
  name: 'Hospital wing B',
  companyName: 'Bau AG',
  buyerName: 'Erin Engineer',
  revision: 2,
  dateSent: new Date('2026-12-01T09:00:00Z'),
  draft: false,
  content: SAMPLE_CONTENT,
  ...overrides,
});

async function pdfOf(
  locale: string,
  quote: QuoteDocument = document(),
  drawings?: QuoteDrawingSources,
): Promise<Buffer> {
  const texts = textsOf(locale);
  return quoteDocumentPdf(quote, {
    labels: quoteDocumentLabels(texts.t),
    locale,
    siteName: texts.siteName,
    ...(drawings ? { drawings } : {}),
  });
}

async function render(
  locale: string,
  quote: QuoteDocument = document(),
  drawings?: QuoteDrawingSources,
): Promise<string> {
  const pdf = await pdfOf(locale, quote, drawings);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // pdf.js writes the narrow and normal no-break spaces of French and German formats as spaces.
  // Cells wrap: compare with every run of white space (no-break ones of French formats too) as one space.
  return (await pdfText(pdf)).replace(/\s+/g, ' ');
}

/** The catalogue data of the sample's products: a round conduit, a strut channel; STR-162-10 has none. */
const CATALOGUE: ReadonlyMap<string, GeometrySource> = new Map([
  [
    'EMT-050-10',
    { tradeSize: { imperial: '1/2 in', metric: '21 mm' }, lengthMm: 3050, categoryId: 'conduit.emt.x' },
  ],
  [
    'STR-162-10-HG',
    {
      tradeSize: { imperial: '1-5/8 x 1-5/8 in', metric: '41 x 41 mm' },
      lengthMm: 3000,
      categoryId: 'strut.x.y',
    },
  ],
  // A trade size that says no size (a volume): the storefront's stand-in outline, no drawing here.
  [
    'STR-162-10',
    { tradeSize: { imperial: '10 oz', metric: '300 ml' }, lengthMm: null, categoryId: 'strut.x.y' },
  ],
]);
const metric: QuoteDrawingSources = { products: CATALOGUE, unitSystem: 'metric' };

/** How many paths each page constructs (pdf.js's operator list): drawings are vector paths. */
async function pathsPerPage(bytes: Buffer): Promise<number[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  try {
    const counts: number[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const { fnArray } = await (await pdf.getPage(n)).getOperatorList();
      counts.push(fnArray.filter((op) => op === OPS.constructPath).length);
    }
    return counts;
  } finally {
    await pdf.destroy();
  }
}
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('the quote document', () => {
  it('prints the quote in English: name, ID, revision, dates, lines, totals, terms', async () => {
    const text = await render('en-GB');
    expect(text).toContain('Northfield');
    for (const expected of [
      'Quote: Hospital wing B',
      'Quote ID: Q-1001',
      'Revision: 2',
      'Date: 1 December 2026',
      'Valid until: 31 December 2026',
      'EMT-050-10',
      'EMT conduit 1/2 in, 10 ft',
      'Note: Price held for the whole phase.',
      'Offered instead: STR-162-10-HG Strut channel, hot-dip galvanised',
      '12.5 % off €6.1234',
      'Net price',
      '€5.358', // a unit price keeps its four decimals, without trailing zeros past the cents
      '€27.435',
      '€535.80',
      '14 days',
      '€150.00',
      '€1,234.50',
      'Saving against list prices',
      'Delivery ex works. Payment 30 days net.',
    ])
      expect(text).toContain(expected);
  });

  it('prints it in French with French number formats', async () => {
    const text = await render('fr-CA');
    for (const expected of [
      'Devis : Hospital wing B',
      'Révision : 2',
      'Valable jusqu’au : 31 décembre 2026',
      '1 234,50 €',
      'Prix net',
      'Remarque : Price held',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Quote ID');
  });

  it('never prints what the content does not carry: an internal note in the input is dropped by the shape', async () => {
    const content = quoteDocumentContent.parse({
      ...SAMPLE_CONTENT,
      InternalNote: 'Margin is thin, do not go lower',
    });
    const text = await render('en-US', document({ content }));
    expect(text).not.toContain('Margin');
    expect(text).toContain('Catalog number'); // American English
  });

  it('marks a seller’s draft preview', async () => {
    const text = await render('de-EU', document({ draft: true, dateSent: null }));
    expect(text).toContain('Entwurfsvorschau – nicht an den Käufer gesendet');
    expect(text).toContain('Datum: –');
  });

  it('lays out many long lines in German without overlaps, inside the margins, the totals after the last line', async () => {
    const texts = textsOf('de-EU');
    const [line] = SAMPLE_CONTENT.LineItems;
    if (!line) throw new Error('no sample line');
    const lines = Array.from({ length: 40 }, (_, i) => ({
      ...line,
      ID: `li-${i}`,
      ProductID: `EMT-050-10-P${String(i).padStart(3, '0')}`,
      Product: { ID: 'x', Name: `Elektroinstallationsrohr aus feuerverzinktem Stahl, Variante ${i}` },
      Note: i % 3 === 0 ? 'Preis gilt für die gesamte Bauphase, Lieferung in zwei Abrufen' : null,
    }));
    const pdf = await quoteDocumentPdf(document({ content: { ...SAMPLE_CONTENT, LineItems: lines } }), {
      labels: quoteDocumentLabels(texts.t),
      locale: 'de-EU',
      siteName: texts.siteName,
    });
    const pages = await placedText(pdf);
    expect(pages.length).toBeGreaterThan(1);
    const numbers: string[] = [];
    for (const { height, texts: placed } of pages) {
      expect(overlapping(placed)).toEqual([]);
      for (const t of placed) {
        expect(t.top).toBeGreaterThanOrEqual(49);
        expect(t.bottom).toBeLessThanOrEqual(height - 49);
      }
      numbers.push(...placed.filter((t) => /^EMT-050-10-P\d{3}$/.test(t.text)).map((t) => t.text));
    }
    expect(numbers).toEqual(lines.map((l) => l.ProductID));
    const last = pages.at(-1)?.texts ?? [];
    const total = last.find((t) => t.text === 'Gesamtsumme');
    const lastLine = last.filter((t) => /^EMT-050-10-P\d{3}$/.test(t.text)).at(-1);
    expect(total).toBeDefined();
    if (lastLine) expect(total?.top).toBeGreaterThan(lastLine.top);
  });

  it('prints large amounts exactly (no floating-point arithmetic)', async () => {
    const big = {
      ...SAMPLE_CONTENT,
      Subtotal: 9999999999.99,
      Total: 12345678901.23,
      FreightAmount: 0.01,
      Discount: 0,
    };
    const text = await render('en-US', document({ content: big }));
    expect(text).toContain('€12,345,678,901.23');
    expect(text).toContain('€0.01');
    expect(text).not.toContain('Saving against list prices');
  });

  it('prints the drawings of the products that have them, dimensioned in the reader’s units', async () => {
    const text = await render('en-GB', document(), metric);
    expect(text).toContain('Product drawings');
    expect(text).toContain('EMT-050-10: EMT conduit 1/2 in, 10 ft');
    expect(text).toContain('STR-162-10-HG: Strut channel, hot-dip galvanised'); // the substitute offered
    expect(text).not.toContain('STR-162-10: Strut channel 1-5/8 in'); // no measurable size: no drawing
    for (const dimension of ['3.05 m', 'Ø 21 mm', '41 mm', '3 m']) expect(text).toContain(dimension);
    const imperial = await render('en-US', document(), { ...metric, unitSystem: 'imperial' });
    expect(imperial).toContain('10.01 ft');
    const german = await render('de-EU', document(), metric);
    expect(german).toContain('Produktzeichnungen');
    expect(german).toContain('3,05 m');
  });

  it('adds vector paths for the drawings only, and nothing without catalogue data', async () => {
    const plain = sum(await pathsPerPage(await pdfOf('en-GB')));
    const withDrawings = sum(await pathsPerPage(await pdfOf('en-GB', document(), metric)));
    // Two drawings, each an outline, a profile, three dimension lines and six arrow heads at least.
    expect(withDrawings - plain).toBeGreaterThanOrEqual(2 * 11);
    const unknown = { products: new Map(), unitSystem: 'metric' } as const;
    const none = await pdfOf('en-GB', document(), unknown);
    expect(sum(await pathsPerPage(none))).toBe(plain);
    const text = await render('en-GB', document(), unknown);
    expect(text).not.toContain('Product drawings');
    expect(text).toContain('Delivery ex works. Payment 30 days net.');
  });

  it('lays many drawings out without overlaps, inside the margins, across pages', async () => {
    const [line] = SAMPLE_CONTENT.LineItems;
    if (!line) throw new Error('no sample line');
    const lines = Array.from({ length: 15 }, (_, i) => ({
      ...line,
      ID: `li-${i}`,
      ProductID: `EMT-${i}`,
      Product: { ID: `EMT-${i}`, Name: `Elektroinstallationsrohr aus feuerverzinktem Stahl, Variante ${i}` },
    }));
    const products = new Map(
      lines.map((l, i) => [
        l.ProductID,
        {
          tradeSize: { imperial: '-', metric: `${20 + i * 7} mm` },
          lengthMm: 500 + i * 400,
          categoryId: 'c.x.y',
        },
      ]),
    );
    const pdf = await pdfOf('de-EU', document({ content: { ...SAMPLE_CONTENT, LineItems: lines } }), {
      products,
      unitSystem: 'metric',
    });
    const pages = await placedText(pdf);
    expect(pages.length).toBeGreaterThan(1);
    const captions: string[] = [];
    for (const { height, texts: placed } of pages) {
      expect(overlapping(placed)).toEqual([]);
      for (const t of placed) {
        expect(t.top).toBeGreaterThanOrEqual(49);
        expect(t.bottom).toBeLessThanOrEqual(height - 49);
      }
      captions.push(
        ...placed.filter((t) => /^EMT-\d+: /.test(t.text)).map((t) => t.text.split(':')[0] ?? ''),
      );
    }
    expect(captions).toEqual(lines.map((l) => l.ProductID));
  });
});
