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
  'product.salesUnit.piece': 'Stück',
  'product.salesUnit.pack': 'Packung mit {count} Stück',
  'product.weightPerPiece': 'Gewicht pro Stück',
  'product.weightPerPack': 'Gewicht pro Packung mit {count} Stück',
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

  // Issue 22 item 3: EMT-050-10-P50 read as 14.99 lb "Pack quantity 50" beside a 3 lb stick.
  it('says a pack weight is the weight of the whole pack, and a piece weight of one piece', () => {
    const piece = specificationRows({ ...sampleProduct, id: 'EMT-050-10', weightKg: 1.36 }, attributes, t);
    const pack = specificationRows(
      { ...sampleProduct, id: 'EMT-050-10-P50', weightKg: 68, packagingQuantity: 50, quantityMultiplier: 1 },
      attributes,
      t,
    );
    const row = (rows: typeof piece, id: string) => rows.find((r) => r.id === id);
    expect(row(piece, 'weightKg')?.label).toBe('Gewicht pro Stück');
    expect(row(piece, 'packagingQuantity')?.value).toEqual({ kind: 'text', text: 'Stück' });
    expect(row(pack, 'weightKg')?.label).toBe('Gewicht pro Packung mit 50 Stück');
    expect(row(pack, 'packagingQuantity')?.value).toEqual({ kind: 'text', text: 'Packung mit 50 Stück' });
    const weight = row(pack, 'weightKg')?.value;
    if (!weight) throw new Error('no weight row');
    // The same pack weight in both unit systems (the spec sheet and master specification print these).
    expect(specValueText(weight, 'metric', 'de-EU')).toBe('68 kg');
    expect(specValueText(weight, 'imperial', 'en-US')).toBe('149.914 lb');
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
