import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { paperSizeOf, renderSpecSheetPdf, winAnsiText } from './spec-sheet-pdf';
import { sampleSheet } from './testing/sample-sheet';

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
