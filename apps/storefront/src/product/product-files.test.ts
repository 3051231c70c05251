import { describe, expect, it } from 'vitest';
import { sampleProduct } from '../documents/testing/sample-sheet';
import { createTranslator } from '../i18n/translator';
import { fileOffer, isProductFileName, productFileHref, productFileName } from './product-files';
import { sectionsOf } from './sections';
import { loginHref, prefabHref } from './toolbar-links';

describe('product files', () => {
  it('offers what the download list names, the master specification always, logins where asked', () => {
    expect(fileOffer(sampleProduct, 'spec-sheet.pdf')).toEqual({
      file: 'spec-sheet.pdf',
      available: true,
      requiresLogin: false,
    });
    expect(fileOffer(sampleProduct, 'cad.dxf')).toMatchObject({ available: true, requiresLogin: true });
    expect(fileOffer(sampleProduct, 'bim.ifc')).toMatchObject({ available: false });
    expect(fileOffer({ downloads: [] }, 'master-spec.docx')).toMatchObject({
      available: true,
      requiresLogin: true,
    });
  });

  it('names the files by catalogue number, kind and locale', () => {
    expect(productFileName('EMT-075-10', 'spec-sheet.pdf', 'de-EU')).toBe('EMT-075-10-spec-sheet-de-eu.pdf');
    expect(productFileHref('en-US', 'EMT-075-10', 'bim.ifc')).toBe(
      '/api/product-files/en-us/EMT-075-10/bim.ifc',
    );
    expect(isProductFileName('cad.dxf')).toBe(true);
    expect(isProductFileName('toString')).toBe(false);
  });

  it('links the prefab app with the product filled in, or the storefront prefab page', () => {
    expect(prefabHref(null, 'fr-CA', 'EMT-075-10')).toBe('/fr-ca/product/EMT-075-10/prefab');
    expect(prefabHref('https://prefab.example.com/start?sku={productId}&l={locale}', 'en-US', 'A B')).toBe(
      'https://prefab.example.com/start?sku=A%20B&l=en-US',
    );
    expect(loginHref('de-EU', '/de-eu/product/X')).toBe('/de-eu/login?redirectURI=%2Fde-eu%2Fproduct%2FX');
  });
});

describe('product sections', () => {
  const t = createTranslator({ 'product.downloads': 'Downloads', 'product.description': 'Description' });
  const tab = (id: string, label: string, body = '') => ({ id, label, body, bullets: [] });

  it('follows the tabs of the content service and keeps only the calculator the family has', () => {
    const tabs = [
      tab('overview', 'Übersicht'),
      tab('specifications', 'Technische Daten'),
      tab('downloads', 'Downloads'),
      tab('calculator', 'Rechner'),
    ];
    expect(sectionsOf(tabs, t, true).map((s) => [s.anchor, s.kind])).toEqual([
      ['tab-overview', 'overview'],
      ['tab-specifications', 'specifications'],
      ['tab-downloads', 'downloads'],
      ['tab-calculator', 'calculator'],
    ]);
    expect(sectionsOf(tabs, t, false).map((s) => s.id)).not.toContain('calculator');
  });

  it('adds the sections every product needs when the content lacks them, and shows other tabs with a body', () => {
    const sections = sectionsOf(
      [tab('specifications', 'Specs'), tab('care', 'Care', 'Wipe clean.'), tab('empty', 'Empty')],
      t,
      false,
    );
    expect(sections.map((s) => [s.id, s.label, s.kind])).toEqual([
      ['overview', 'Description', 'overview'],
      ['specifications', 'Specs', 'specifications'],
      ['downloads', 'Downloads', 'downloads'],
      ['care', 'Care', 'content'],
    ]);
  });
});
