import { describe, expect, it } from 'vitest';
import { exportFileName, MAX_IMPORT_LINES, parseImportCsv } from './project-files';

describe('CSV import parsing', () => {
  it('reads catalogue numbers and quantities with the line of the file each starts on', () => {
    expect(parseImportCsv('\uFEFFNF-1,2\r\n\r\n  NF-2 , 3 \r\n"NF,3","4"\r\n')).toEqual({
      rows: [
        { line: 1, catalogueNumber: 'NF-1', quantityText: '2' },
        { line: 3, catalogueNumber: 'NF-2', quantityText: '3' },
        { line: 4, catalogueNumber: 'NF,3', quantityText: '4' },
      ],
    });
  });

  it('finds the columns by a header (the export’s own CSV), in any order and with ; or tab', () => {
    const exported = 'Project ID,Project,Quantity,Catalogue number\r\no1,"Wing\nB",5,NF-9\r\n';
    expect(parseImportCsv(exported)).toEqual({
      rows: [{ line: 2, catalogueNumber: 'NF-9', quantityText: '5' }],
    });
    expect(parseImportCsv('SKU;Qty\nNF-1;2\n')).toEqual({
      rows: [{ line: 2, catalogueNumber: 'NF-1', quantityText: '2' }],
    });
    expect(parseImportCsv('NF-1\t7\n')).toEqual({
      rows: [{ line: 1, catalogueNumber: 'NF-1', quantityText: '7' }],
    });
  });

  it('counts lines after a quoted field that spans lines', () => {
    const parsed = parseImportCsv('"NF-1",1\n"NF\n2",2\nNF-3,3\n');
    expect('rows' in parsed && parsed.rows.map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it('refuses empty files, headers alone, broken quotes and too many lines', () => {
    expect(parseImportCsv('')).toEqual({ error: 'The CSV has no lines.', code: 'empty' });
    expect(parseImportCsv('\n \n')).toEqual({ error: 'The CSV has no lines.', code: 'empty' });
    expect(parseImportCsv('Catalogue number,Quantity\n')).toEqual({
      error: 'The CSV has a header but no lines.',
      code: 'header-only',
    });
    expect(parseImportCsv('NF-1,1\n"NF-2,1\n')).toMatchObject({
      error: expect.stringMatching(/cannot be read/),
      code: 'unreadable',
      line: 2,
    });
    expect(parseImportCsv('NF-1,1\n'.repeat(MAX_IMPORT_LINES + 1))).toEqual({
      error: `The CSV has more than ${MAX_IMPORT_LINES} lines.`,
      code: 'too-many-lines',
      max: MAX_IMPORT_LINES,
    });
  });
});

describe('CSV import headers and separators (issue 22 item 12)', () => {
  const row = (line: number, catalogueNumber: string, quantityText: string) => ({
    line,
    catalogueNumber,
    quantityText,
  });

  it('a header in German, French or Dutch is a header, not an unknown catalogue number (Katalognummer;Menge)', () => {
    for (const header of [
      'Katalognummer;Menge',
      'Numéro de catalogue;Quantité',
      'Catalogusnummer;Aantal',
      'Catalog number;Quantity',
      'Artikelnummer;Anzahl',
      'Référence;Qté',
    ])
      expect(parseImportCsv(`${header}\nEMT-050-10;5\n`)).toEqual({ rows: [row(2, 'EMT-050-10', '5')] });
  });

  it('finds a localised header’s columns in any order, preferring the catalogue number over a product name', () => {
    expect(parseImportCsv('Produkt;Menge;Katalognummer\nEMT-Rohr 1/2";3;EMT-050-10\n')).toEqual({
      rows: [row(2, 'EMT-050-10', '3')],
    });
    expect(parseImportCsv('"Quantité","Produit"\n4,EMT-050-10\n')).toEqual({
      rows: [row(2, 'EMT-050-10', '4')],
    });
  });

  it('detects the separator, ; or , and Excel’s sep= line (a German Excel file)', () => {
    expect(parseImportCsv('Katalognummer,Menge\r\nEMT-050-10,5\r\n')).toEqual({
      rows: [row(2, 'EMT-050-10', '5')],
    });
    expect(parseImportCsv('\uFEFFsep=;\r\nKatalognummer;Menge\r\nEMT-050-10;5\r\n')).toEqual({
      rows: [row(3, 'EMT-050-10', '5')],
    });
  });
});

describe('export file names', () => {
  it('are the project name in letters, digits and dashes, then the ID', () => {
    const doc = { projectName: 'Clinic "east", wing/2', orderId: 'AbC_1' } as Parameters<
      typeof exportFileName
    >[0];
    expect(exportFileName(doc, 'csv')).toBe('Clinic-east-wing2-AbC_1.csv');
    expect(exportFileName({ ...doc, projectName: '###' }, 'pdf')).toBe('project-AbC_1.pdf');
  });
});
