import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { paperSizeOf, renderSpecSheetPdf, winAnsiText } from './spec-sheet-pdf';
import { sampleSheet } from './testing/sample-sheet';

/** A PDF string object's text: a literal `(…)` (PDFDocEncoding or UTF-16BE after a BOM) or hex `<…>`. */
function pdfString(token: string): string {
  const bytes = token.startsWith('(')
    ? Buffer.from(
        token
          .slice(1, -1)
          .replace(/\\([0-7]{1,3}|[\s\S])/g, (_, escaped: string) =>
            /^[0-7]/.test(escaped)
              ? String.fromCharCode(Number.parseInt(escaped, 8))
              : ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' }[escaped] ?? escaped),
          ),
        'latin1',
      )
    : Buffer.from(token.slice(1, -1), 'hex');
  return bytes[0] === 0xfe && bytes[1] === 0xff
    ? Buffer.from(bytes.subarray(2)).swap16().toString('utf16le')
    : bytes.toString('latin1');
}

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('spec sheet PDF', () => {
  it('is a PDF holding the site, product, catalogue number, description, specifications and note, accents intact', async () => {
    const bytes = await renderSpecSheetPdf(sampleSheet());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(bytes);
    for (const expected of [
      'NORTHFIELD INFRASTRUCTURE PRODUCTS',
      'Datenblatt',
      'EMT-Rohr, verzinkter Stahl, 21 mm, 3,05 m',
      'Katalognummer: EMT-075-10-M01',
      'größte Stoßfestigkeit, überall einsetzbar',
      'Geprüft nach DIN EN 61386',
      'Technische Daten',
      'Stahl, feuerverzinkt',
      'Sonderanfertigung: Versand 6–8 Wochen',
      'Erstellt am 22. November 2026',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('leaves the made-to-order note out for stock items, and prints French accents', async () => {
    const sheet = sampleSheet({
      locale: 'fr-CA',
      description: 'Conçu pour l’extérieur, très résistant à la corrosion.',
    });
    const text = await pdfText(
      await renderSpecSheetPdf({
        ...sheet,
        labels: { ...sheet.labels, specSheet: 'Fiche technique', madeToOrderNote: null },
      }),
    );
    expect(text).toContain('Fiche technique');
    expect(text).toContain('Conçu pour l’extérieur, très résistant');
    expect(text).not.toContain('Sonderanfertigung: Versand');
  });

  it('heads the sheet with the brand mark and shows the dimensioned drawing, both tagged figures with their text alternatives', async () => {
    const bytes = await renderSpecSheetPdf(sampleSheet());
    const raw = bytes.toString('latin1');
    const figures = [
      ...raw.matchAll(/\/S \/Figure[\s\S]*?\/Alt (<[0-9a-fA-F]+>|\((?:\\[\s\S]|[^\\)])*\))/g),
    ].map((m) => pdfString(m[1] ?? ''));
    expect(figures).toEqual([
      'Northfield Infrastructure Products',
      'Maßzeichnung von EMT-Rohr: Länge 3,05 m, Höhe 21 mm, Durchmesser 21 mm',
    ]);
    const text = await pdfText(bytes);
    expect(text).toContain('Maßzeichnung');
    // The drawing's own labels, in the sheet's unit system and number format.
    for (const label of ['3,05 m', '21 mm', 'Ø 21 mm']) expect(text).toContain(label);
  });

  it('uses Letter paper in North America and A4 elsewhere', () => {
    expect(paperSizeOf('en-US')).toBe('LETTER');
    expect(paperSizeOf('fr-CA')).toBe('LETTER');
    expect(paperSizeOf('de-EU')).toBe('A4');
    expect(paperSizeOf('en-GB')).toBe('A4');
  });

  it('replaces the spaces number formats use that WinAnsi lacks', () => {
    expect(winAnsiText('1\u202f250,5\u00a0kg')).toBe('1 250,5 kg');
  });
});
