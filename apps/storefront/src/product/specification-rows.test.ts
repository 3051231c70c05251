import { describe, expect, it } from 'vitest';
import type { AttributeLabels } from '../data/family-content';
import { sampleProduct } from '../documents/testing/sample-sheet';
import { createTranslator } from '../i18n/translator';
import { masterSpecText } from './master-spec';
import { specificationRows, specValueText } from './specification-rows';

const attributes = new Map<string, AttributeLabels>([
  ['tradeSize', { label: 'Nenngröße', options: new Map() }],
  ['material', { label: 'Werkstoff', options: new Map([['steel-galvanized', 'Stahl, feuerverzinkt']]) }],
  ['finish', { label: 'Oberfläche', options: new Map([['zinc', 'Verzinkt']]) }],
  ['lengthMm', { label: 'Länge', options: new Map() }],
  ['certifications', { label: 'Zulassungen', options: new Map([['UL', 'UL-gelistet']]) }],
  ['weightKg', { label: 'Gewicht', options: new Map() }],
  ['packagingQuantity', { label: 'Verpackungseinheit', options: new Map() }],
  ['madeToOrder', { label: 'Auf Bestellung', options: new Map() }],
]);
const t = createTranslator({
  'product.catalogueNumber': 'Katalognummer',
  'product.orderMultiple': 'Bestellvielfaches',
  'product.yes': 'Ja',
  'product.no': 'Nein',
  'masterSpec.title': 'Ausschreibungstext',
  'masterSpec.section': 'Abschnitt',
  'masterSpec.product': 'Produkt',
  'masterSpec.standards': 'Normen',
  'masterSpec.material': 'Werkstoff',
  'masterSpec.finish': 'Oberfläche',
  'masterSpec.none': 'Keine',
  'masterSpec.section.raceways': 'Installationsrohre und Dosen',
  'masterSpec.basisOfDesign': 'Leitfabrikat: {siteName} {name}, Katalognummer {id}.',
});

describe('specification rows', () => {
  const rows = specificationRows(sampleProduct, attributes, t);

  it('lists the attributes the SKU has, with the content labels and option names, in order', () => {
    expect(rows.map((row) => row.id)).toEqual([
      'catalogueNumber',
      'tradeSize',
      'material',
      'finish',
      'lengthMm',
      'certifications',
      'weightKg',
      'packagingQuantity',
      'quantityMultiplier',
      'madeToOrder',
    ]);
    expect(rows.find((row) => row.id === 'material')).toMatchObject({
      label: 'Werkstoff',
      value: { kind: 'text', text: 'Stahl, feuerverzinkt' },
    });
    // An option without a label shows its code rather than nothing.
    expect(rows.find((row) => row.id === 'certifications')?.value).toEqual({
      kind: 'text',
      text: 'UL-gelistet, CE',
    });
    expect(rows.at(-1)?.value).toEqual({ kind: 'text', text: 'Ja' });
  });

  it('prints measures in a unit system and number format', () => {
    const length = rows.find((row) => row.id === 'lengthMm')?.value;
    const size = rows.find((row) => row.id === 'tradeSize')?.value;
    if (!length || !size) throw new Error('rows missing');
    expect(specValueText(length, 'metric', 'de-EU')).toBe('3,05 m');
    expect(specValueText(length, 'imperial', 'en-US')).toBe('10.007 ft');
    expect(specValueText(size, 'imperial', 'en-US')).toBe('3/4 in');
    expect(specValueText(size, 'metric', 'en-US')).toBe('21 mm');
  });

  it('builds the master-specification paragraph from the same data', () => {
    const spec = masterSpecText(sampleProduct, attributes, t, 'Northfield');
    expect(spec.sectionNumber).toBe('26 05 33');
    expect(spec.rows.map((row) => [row.id, row.value])).toEqual([
      ['section', '26 05 33 – Installationsrohre und Dosen'],
      ['product', sampleProduct.name],
      ['catalogueNumber', 'EMT-075-10-M01'],
      ['standards', 'UL-gelistet, CE'],
      ['material', 'Stahl, feuerverzinkt'],
      ['finish', 'Verzinkt'],
    ]);
    expect(spec.basisOfDesign).toBe(
      `Leitfabrikat: Northfield ${sampleProduct.name}, Katalognummer EMT-075-10-M01.`,
    );
    const bare = masterSpecText({ ...sampleProduct, certifications: [], finish: null }, attributes, t, 'N');
    expect(bare.rows.find((row) => row.id === 'standards')?.value).toBe('Keine');
    expect(bare.rows.find((row) => row.id === 'finish')?.value).toBe('Keine');
  });
});
