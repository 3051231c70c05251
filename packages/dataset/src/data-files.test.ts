import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataFileError, DEFAULT_DATA_DIR, loadDataFiles } from './data-files';
import { LANGUAGES } from './model';

describe('the data files', () => {
  const data = loadDataFiles();

  it('have the search widgets the storefront asks for', () => {
    expect(data.searchWidgets.map((w) => [w.rfkId, w.type])).toEqual(
      expect.arrayContaining([
        ['rfkid_7', 'content_grid'],
        ['rfkid_6', 'preview_search'],
        ['rfkid_1', 'recommendation'],
        ['rfkid_2', 'recommendation'],
        ['rfkid_qa', 'questions_answers'],
      ]),
    );
  });

  it('have six top-level categories with two or more product lines each', () => {
    expect(data.taxonomy.map((c) => c.slug)).toEqual([
      'conduit-fittings',
      'strut-framing',
      'cable-tray',
      'electrical-boxes',
      'wire-cable',
      'fire-rated',
    ]);
    for (const category of data.taxonomy) expect(category.lines.length).toBeGreaterThanOrEqual(2);
  });

  it('have a dictionary with the same keys in every language', () => {
    const keys = Object.keys(data.dictionary.en).sort();
    expect(keys.length).toBeGreaterThanOrEqual(40);
    for (const language of LANGUAGES) expect(Object.keys(data.dictionary[language]).sort()).toEqual(keys);
    for (const key of ['nav.products', 'header.search', 'home.title', 'footer.copyright', 'notFound.title'])
      expect(keys).toContain(key);
    for (const language of LANGUAGES)
      expect(data.dictionary[language]['footer.copyright']).toContain('{year}');
  });

  it('have translated UI strings (not English copies)', () => {
    for (const language of ['fr', 'de', 'nl'] as const) {
      expect(data.dictionary[language]['nav.products']).not.toBe(data.dictionary.en['nav.products']);
      expect(data.dictionary[language]['home.title']).not.toBe(data.dictionary.en['home.title']);
    }
  });

  it('have footer links whose labels are dictionary keys', () => {
    expect(data.site.name).toBe('Northfield Infrastructure Products');
    const hrefs = data.site.footerColumns.flatMap((c) => c.links.map((l) => l.href));
    for (const href of ['/products', '/rep-locator', '/newsletter', '/contact', '/privacy'])
      expect(hrefs).toContain(href);
    for (const column of data.site.footerColumns) {
      expect(data.dictionary.en[column.titleKey]).toBeDefined();
      for (const link of column.links) expect(data.dictionary.en[link.labelKey]).toBeDefined();
    }
  });
});

describe('checking a broken data folder', () => {
  let dir = '';
  const copy = () => {
    dir = mkdtempSync(path.join(tmpdir(), 'dataset-data-'));
    cpSync(DEFAULT_DATA_DIR, dir, { recursive: true });
    return dir;
  };
  const edit = (file: string, from: string | RegExp, to: string) => {
    const full = path.join(dir, file);
    const text = readFileSync(full, 'utf8');
    const changed = text.replace(from, to);
    if (changed === text) throw new Error(`test setup: '${String(from)}' not found in ${file}`);
    writeFileSync(full, changed);
  };
  const problem = () => {
    try {
      loadDataFiles(dir);
    } catch (error) {
      expect(error).toBeInstanceOf(DataFileError);
      return (error as Error).message;
    }
    throw new Error('the broken data folder was accepted');
  };
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = '';
  });

  it('accepts an unchanged copy', () => {
    expect(loadDataFiles(copy()).taxonomy).toHaveLength(6);
  });

  it('names the file and the place of a missing translation', () => {
    copy();
    edit('taxonomy/01-conduit-fittings.yaml', ', nl: EMT-installatiebuis', '');
    expect(problem()).toMatch(
      /^taxonomy\/01-conduit-fittings\.yaml: lines\[0\]\.families\[0\]\.name: missing 'nl'/,
    );
  });

  it('names a dictionary key missing in one language', () => {
    copy();
    edit('dictionary.yaml', '  nav.products: Producten\n', '');
    expect(problem()).toMatch(/^dictionary\.yaml: nl: key 'nav\.products' is missing/);
  });

  it('names an unknown attribute option', () => {
    copy();
    edit('taxonomy/03-cable-tray.yaml', 'options: [nema-12a,', 'options: [nema-99z,');
    expect(problem()).toMatch(/^taxonomy\/03-cable-tray\.yaml: .*'nema-99z' is not an option of 'loadClass'/);
  });

  it('names a file that is not valid YAML', () => {
    copy();
    edit('identities.yaml', 'apiClients:', 'apiClients: [');
    expect(problem()).toMatch(/^identities\.yaml: not valid YAML/);
  });

  it('names a search widget of an unknown type and a duplicate rfk_id', () => {
    copy();
    edit('search.yaml', 'type: preview_search', 'type: preview');
    expect(problem()).toMatch(/^search\.yaml: widgets\[1\]\.type: 'preview' is not one of/);
    edit('search.yaml', 'type: preview', 'type: preview_search');
    edit('search.yaml', 'rfk_id: rfkid_6', 'rfk_id: rfkid_7');
    expect(problem()).toMatch(/^search\.yaml: .*duplicate widget 'rfkid_7 in locale \*'/);
  });

  it('names a missing file', () => {
    copy();
    unlinkSync(path.join(dir, 'site.yaml'));
    expect(problem()).toMatch(/^site\.yaml: file not found/);
  });

  it('names a region a product line is not sold in', () => {
    copy();
    edit('taxonomy/05-wire-cable.yaml', 'regions: [US]\n', 'regions: [US, XX]\n');
    expect(problem()).toMatch(/^taxonomy\/05-wire-cable\.yaml: .*'XX' is not one of/);
  });

  it('names a calculator text that is missing', () => {
    copy();
    edit('content.yaml', /\n {6}noConductors: \{[^\n]*\}/, '');
    expect(problem()).toMatch(/^content\.yaml: calculators\[0\]\.texts: missing text 'noConductors'/);
  });

  it('names a conduit size without a diameter and fill limits that do not start at one conductor', () => {
    copy();
    edit('content.yaml', '1-2-in: { in: 0.622 }', '1-2-in: {}');
    expect(problem()).toMatch(
      /^content\.yaml: calculators\[0\]\.conduitFill\.conduitTypes\[0\]\.sizes\.1-2-in: missing/,
    );
    rmSync(dir, { recursive: true, force: true });
    copy();
    edit(
      'content.yaml',
      'limits: [{ conductors: 1, percent: 53 }',
      'limits: [{ conductors: 2, percent: 53 }',
    );
    expect(problem()).toMatch(/the first limit must apply from 1 conductor/);
  });

  it('names an unknown user group of a user', () => {
    copy();
    edit('identities.yaml', 'groups: [nord-eu-buyers]', 'groups: [nord-eu-sellers]');
    expect(problem()).toMatch(/^identities\.yaml: .*'nord-eu-sellers' is not a user group of NORD-EU/);
  });

  it('names a FAQ without a translation, with an unknown placeholder or category', () => {
    copy();
    edit('faq.yaml', /\n {6}nl: Hoe vol mag[^\n]*/, '');
    expect(problem()).toMatch(/^faq\.yaml: faqs\[0\]\.question: missing 'nl' translation/);
    rmSync(dir, { recursive: true, force: true });
    copy();
    edit('faq.yaml', 'ship {weeks} weeks', 'ship {week} weeks');
    expect(problem()).toMatch(/^faq\.yaml: faqs\[2\]\.answer\.en: unknown placeholder \{week\}/);
    rmSync(dir, { recursive: true, force: true });
    copy();
    edit('faq.yaml', 'categories: [strut-framing]', 'categories: [struts]');
    expect(problem()).toMatch(/'struts' is not a top-level category/);
  });
});
