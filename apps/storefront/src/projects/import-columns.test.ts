import { describe, expect, it } from 'vitest';
import { canonicalCatalogueNumber, headerKey, importColumns } from './import-columns';

describe('catalogue numbers as people type them (issue 22 item 12)', () => {
  it('any case, spaces, underscores or other dashes give the catalogue’s number (emt 050 10 → EMT-050-10)', () => {
    for (const typed of [
      'emt 050 10',
      'EMT-050-10',
      ' emt-050-10 ',
      'Emt_050_10',
      'EMT – 050 – 10',
      'emt\u2011050\u201110',
      'EMT--050  10',
      'ｅｍｔ－０５０－１０',
    ])
      expect(canonicalCatalogueNumber(typed)).toBe('EMT-050-10');
    expect(canonicalCatalogueNumber('mrc 16 3m p125')).toBe('MRC-16-3M-P125');
  });
});

describe('import headers', () => {
  it('compare without case, accents or punctuation', () => {
    expect(headerKey(' Numéro de catalogue ')).toBe(headerKey('NUMERO-DE-CATALOGUE'));
    expect(headerKey('Qté.')).toBe('qte');
  });

  it('need both a catalogue-number and a quantity column', () => {
    expect(importColumns(['Katalognummer', 'Menge'])).toEqual({ number: 0, quantity: 1 });
    expect(importColumns(['Aantal', 'Omschrijving', 'Catalogusnummer'])).toEqual({ number: 2, quantity: 0 });
    expect(importColumns(['Katalognummer', 'Bemerkung'])).toBeNull();
    expect(importColumns(['EMT-050-10', '5'])).toBeNull();
  });
});
