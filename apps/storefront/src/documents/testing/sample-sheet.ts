import type { ProductDetail } from '../../data/product-shapes';
import type { ProductSheet } from '../product-sheet';

/** A German sheet of a made-to-order conduit SKU, for the file generators' tests. */
export const sampleProduct: ProductDetail = {
  id: 'EMT-075-10-M01',
  name: 'EMT-Rohr, verzinkter Stahl, 21 mm, 3,05 m, Sonderanfertigung 01',
  description: 'Elektro-Installationsrohr aus Stahl.',
  categoryId: 'conduit-fittings.metallic-conduit.emt-conduit.steel.zinc.emt-075',
  familyId: 'conduit-fittings.metallic-conduit.emt-conduit',
  tradeSize: { imperial: '3/4 in', metric: '21 mm' },
  material: 'steel-galvanized',
  finish: 'zinc',
  lengthMm: 3050,
  loadClass: null,
  certifications: ['UL', 'CE'],
  weightKg: 1.25,
  // One piece (the dataset's piece SKUs), ordered in tens.
  packagingQuantity: 1,
  quantityMultiplier: 10,
  madeToOrder: true,
  stockUnits: null,
  downloads: [
    { kind: 'specSheet', fileName: 'EMT-075-10-M01-spec-sheet.pdf', format: 'pdf', shouldAskLogin: false },
    { kind: 'cad', fileName: 'EMT-075-10-M01.dwg', format: 'dwg', shouldAskLogin: true },
  ],
};

export function sampleSheet(overrides: Partial<ProductSheet> = {}): ProductSheet {
  return {
    siteName: 'Northfield Infrastructure Products',
    locale: 'de-EU',
    unitSystem: 'metric',
    product: sampleProduct,
    description: 'Robustes Rohr für Außenbereiche – größte Stoßfestigkeit, überall einsetzbar.',
    bullets: ['Geprüft nach DIN EN 61386', 'Verzinkte Oberfläche für nasse Räume'],
    rows: [
      { id: 'catalogueNumber', label: 'Katalognummer', text: 'EMT-075-10-M01' },
      { id: 'tradeSize', label: 'Nenngröße', text: '21 mm' },
      { id: 'material', label: 'Werkstoff', text: 'Stahl, feuerverzinkt' },
      { id: 'lengthMm', label: 'Länge', text: '3,05 m' },
      { id: 'weightKg', label: 'Gewicht', text: '1,25 kg' },
    ],
    labels: {
      specSheet: 'Datenblatt',
      catalogueNumber: 'Katalognummer',
      description: 'Beschreibung',
      specifications: 'Technische Daten',
      madeToOrderNote: 'Sonderanfertigung: Versand 6–8 Wochen nach Auftragsbestätigung.',
      generated: 'Erstellt am 22. November 2026',
      drawing: 'Maßzeichnung',
      drawingAlt: 'Maßzeichnung von EMT-Rohr: Länge 3,05 m, Höhe 21 mm, Durchmesser 21 mm',
    },
    masterSpec: {
      heading: 'Ausschreibungstext',
      sectionNumber: '26 05 33',
      sectionTitle: 'Installationsrohre und Dosen für elektrische Anlagen',
      rows: [
        {
          id: 'section',
          label: 'Abschnitt',
          value: '26 05 33 – Installationsrohre und Dosen für elektrische Anlagen',
        },
        { id: 'catalogueNumber', label: 'Katalognummer', value: 'EMT-075-10-M01' },
        { id: 'standards', label: 'Normen und Zulassungen', value: 'UL, CE' },
      ],
      basisOfDesign: 'Leitfabrikat: Northfield EMT-Rohr, Katalognummer EMT-075-10-M01, oder gleichwertig.',
    },
    generatedAt: new Date('2026-11-22T10:00:00Z'),
    ...overrides,
  };
}
