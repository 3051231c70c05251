import { describe, expect, it } from 'vitest';
import { tradeSizeLabel } from './read-attributes';
import { lengthLabel, midSentence } from './texts';

describe('text helpers', () => {
  it('writes lengths in feet or metres with the decimal mark of the language', () => {
    expect(lengthLabel(3048, 'imperial', 'en')).toBe('10 ft');
    expect(lengthLabel(3048, 'metric', 'en')).toBe('3.05 m');
    expect(lengthLabel(3048, 'metric', 'fr')).toBe('3,05 m');
    expect(lengthLabel(3000, 'metric', 'de')).toBe('3 m');
    expect(lengthLabel(152400, 'imperial', 'en')).toBe('500 ft');
    expect(lengthLabel(500, 'metric', 'nl')).toBe('500 mm');
  });

  it('derives trade-size labels', () => {
    expect(tradeSizeLabel('3/4 in', '21 mm', 'imperial')).toEqual({
      en: '3/4 in (21 mm)',
      fr: '21 mm (3/4 po)',
      de: '21 mm (3/4 Zoll)',
      nl: '21 mm (3/4 inch)',
    });
    expect(tradeSizeLabel('0.79 in', '20 mm', 'metric')).toEqual({
      en: '20 mm',
      fr: '20 mm',
      de: '20 mm',
      nl: '20 mm',
    });
    expect(tradeSizeLabel('14 AWG', '2.08 mm²', 'imperial').fr).toBe('2,08 mm² (14 AWG)');
  });

  it('lowercases labels inside a name, except acronyms and German nouns', () => {
    expect(midSentence('Galvanized steel', 'en')).toBe('galvanized steel');
    expect(midSentence('PVC-coated', 'en')).toBe('PVC-coated');
    expect(midSentence('Acier galvanisé', 'fr')).toBe('acier galvanisé');
    expect(midSentence('Verzinkter Stahl', 'de')).toBe('Verzinkter Stahl');
  });
});
