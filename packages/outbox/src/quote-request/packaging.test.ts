import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { type QuoteRequest, quoteCsv, quotePdf } from './document';
import { type PackagingLabels, packagingText } from './packaging';

const german: PackagingLabels = {
  standard: 'Standardverpackung',
  bulk: 'Lose',
  individual: 'Einzeln verpackt',
  palletised: 'Auf Palette',
};

/** A project with a line of each kind: a code, a placeholder an older version stored, and none. */
const quote: QuoteRequest = {
  orderId: 'o1',
  projectName: 'Klinik',
  projectDesc: '',
  regionName: 'EU',
  brand: '',
  submittedAt: null,
  company: { id: 'C', name: 'Bau AG' },
  user: { username: 'u', firstName: 'A', lastName: 'B', email: 'a@b.example' },
  lines: [
    { productId: 'EMT-050-10', name: 'EMT', quantity: 5, packagingOption: 'bulk' },
    { productId: 'EMT-075-10', name: 'EMT', quantity: 2, packagingOption: 'Choose packaging' },
    { productId: 'EMT-100-10', name: 'EMT', quantity: 1, packagingOption: '' },
  ],
};

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

// Issue 22 item 10: the files showed packaging "bulk" and the placeholder "Choose packaging" as values.
describe('packaging in the project files', () => {
  it('shows an option as its label and anything that is no option as nothing', () => {
    expect(packagingText('bulk', german)).toBe('Lose');
    expect(packagingText('Choose packaging', german)).toBe('');
    expect(packagingText('Bulk', german)).toBe('');
    expect(packagingText(undefined, german)).toBe('');
  });

  it('prints the label in the reader\'s language in the CSV, never the code "bulk" or a placeholder', () => {
    const rows = quoteCsv(quote, german).trim().split('\r\n');
    expect(rows[1]?.endsWith(',Lose')).toBe(true);
    expect(rows[2]?.endsWith(',')).toBe(true);
    expect(rows.join('\n')).not.toMatch(/bulk|Choose packaging/);
  });

  it('prints the label in the reader\'s language in the PDF, never the code "bulk" or a placeholder', async () => {
    const text = await pdfText(await quotePdf(quote, 'Projekt', german));
    expect(text).toContain('Lose');
    expect(text).not.toMatch(/bulk|Choose packaging/);
  });
});
