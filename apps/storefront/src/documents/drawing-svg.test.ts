import { gzipSync } from 'node:zlib';
import { generateDataset } from '@catalogue/dataset';
import type { LocaleCode } from '@catalogue/dataset/model';
import { formatMeasurement } from '@catalogue/drawings/measure';
import DxfParser from 'dxf-parser';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/translator';
import { type DrawingSubject, type DrawingVariant, drawingSvg } from '../product/drawing-images';
import { renderCadDxf } from './cad-dxf';
import { sampleProduct, sampleSheet } from './testing/sample-sheet';

const BUDGET_BYTES = 5 * 1024;
const dataset = generateDataset();
const { DOMParser } = new JSDOM('').window;

/** The SVG's document, failing on anything an XML parser refuses. */
function parseSvg(svg: string): Document {
  const document = new DOMParser().parseFromString(svg, 'image/svg+xml');
  if (document.getElementsByTagName('parsererror').length > 0) throw new Error(`not XML: ${svg}`);
  return document;
}

const subjectOf = (product: (typeof dataset.products)[number]): DrawingSubject => ({
  id: product.id,
  categoryId: product.categoryId,
  tradeSize: product.attributes.tradeSize,
  lengthMm: product.attributes.lengthMm,
});

function svgOf(subject: DrawingSubject, variant: DrawingVariant, locale: LocaleCode): string {
  const language = locale.slice(0, 2) as 'en' | 'fr' | 'de' | 'nl';
  return drawingSvg(subject, variant, locale, createTranslator(dataset.dictionary[language]));
}

describe('product drawings (SVG)', () => {
  it('every product of the demo dataset gives a valid SVG under 5 KB compressed, in both unit systems and as a thumbnail', () => {
    let largest = { bytes: 0, id: '', variant: '' };
    const parsed = new Set<string>();
    const variants: [DrawingVariant, LocaleCode][] = [
      ['metric', 'de-EU'],
      ['imperial', 'en-US'],
      ['thumb', 'fr-CA'],
    ];
    for (const product of dataset.products) {
      for (const [variant, locale] of variants) {
        const svg = svgOf(subjectOf(product), variant, locale);
        const bytes = gzipSync(svg, { level: 9 }).length;
        if (bytes > largest.bytes) largest = { bytes, id: product.id, variant };
        // Products of one size differ only in the catalogue number of the title: parse each shape once.
        const shape = svg.replaceAll(product.id, 'ID');
        if (parsed.has(shape)) continue;
        parsed.add(shape);
        const document = parseSvg(svg);
        const root = document.documentElement;
        expect(root.localName).toBe('svg');
        expect(root.namespaceURI).toBe('http://www.w3.org/2000/svg');
        expect(root.getAttribute('viewBox')).toMatch(/^0 0 [\d.]+ [\d.]+$/);
        expect(document.querySelector('title')?.textContent).toContain(product.id);
        // Nothing that could fetch or run: no links, scripts or external references.
        expect(svg).not.toMatch(/<script|href=|url\(|@import/i);
      }
    }
    expect(dataset.products.length).toBeGreaterThan(1000);
    expect(largest.bytes, `largest: ${JSON.stringify(largest)}`).toBeLessThan(BUDGET_BYTES);
    console.info(`largest drawing: ${JSON.stringify(largest)} (gzip -9)`);
  });

  it('labels the dimensions in the unit system asked, number format of the locale', () => {
    const texts = (svg: string) => [...parseSvg(svg).querySelectorAll('text')].map((t) => t.textContent);
    expect(texts(svgOf(sampleProduct, 'metric', 'de-EU'))).toEqual([
      '3,05\u00a0m',
      '21\u00a0mm',
      'Ø\u00a021\u00a0mm',
    ]);
    expect(texts(svgOf(sampleProduct, 'imperial', 'en-US'))).toEqual([
      '10.01\u00a0ft',
      '0.83\u00a0in',
      'Ø\u00a00.83\u00a0in',
    ]);
    expect(texts(svgOf(sampleProduct, 'thumb', 'en-US'))).toEqual([]);
  });

  it('draws an outline without dimensions for a product whose size the data does not give (a 300 ml cartridge)', () => {
    const cartridge = {
      ...sampleProduct,
      lengthMm: null,
      tradeSize: { imperial: '10.1 fl oz', metric: '300 ml' },
    };
    const document = parseSvg(svgOf(cartridge, 'metric', 'en-GB'));
    expect(document.querySelectorAll('text')).toHaveLength(0);
    expect(document.querySelectorAll('path.o').length).toBeGreaterThan(0);
    expect(document.querySelectorAll('path.d, path.a')).toHaveLength(0);
  });

  it('shows the dimensions the DXF carries: the SVG labels equal the geometry read back from the CAD file', () => {
    const strut = { ...sampleProduct, tradeSize: { imperial: '1-5/8 x 13/16 in', metric: '41 x 21 mm' } };
    const tray = {
      ...sampleProduct,
      categoryId: 'cable-tray.ladder.steel',
      tradeSize: { imperial: '12 in', metric: '305 mm' },
    };
    const box = {
      ...sampleProduct,
      lengthMm: null,
      tradeSize: { imperial: '4 in', metric: '102 x 102 x 51 mm' },
    };
    for (const product of [sampleProduct, strut, tray, box]) {
      const parsed = new DxfParser().parseSync(renderCadDxf(sampleSheet({ product })));
      const entities = (parsed?.entities ?? []) as unknown as {
        type: string;
        radius?: number;
        vertices?: { x: number; y: number }[];
      }[];
      // The side view is the rectangle at the origin: its far corner is (length, height).
      const side = entities
        .filter((e) => e.type === 'LINE')
        .slice(0, 4)
        .flatMap((e) => e.vertices ?? []);
      const length = Math.max(...side.map((v) => v.x));
      const height = Math.max(...side.map((v) => v.y));
      const circle = entities.find((e) => e.type === 'CIRCLE');
      const profileLines = entities.filter((e) => e.type === 'LINE').slice(4);
      const profileXs = profileLines.flatMap((e) => e.vertices ?? []).map((v) => v.x);
      const width = circle?.radius ? circle.radius * 2 : Math.max(...profileXs) - Math.min(...profileXs);
      for (const [system, locale] of [
        ['metric', 'de-EU'],
        ['imperial', 'en-US'],
      ] as const) {
        const mm = (value: number) => formatMeasurement({ value, unit: 'mm' }, system, locale);
        const expected = [
          length >= 1000
            ? formatMeasurement({ value: length / 1000, unit: 'm' }, system, locale)
            : mm(length),
          mm(height),
          circle ? `Ø\u00a0${mm(width)}` : mm(width),
        ];
        const labels = [...parseSvg(svgOf(product, system, locale)).querySelectorAll('text')].map(
          (t) => t.textContent,
        );
        expect(labels, `${product.tradeSize?.metric} ${system}`).toEqual(expected);
      }
    }
  });
});
