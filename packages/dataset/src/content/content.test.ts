import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CalculatorItem,
  HeaderItem,
  MappingItem,
  NewsletterItem,
  ProductMarketingItem,
  RouteItem,
  TerritoryItem,
} from '../content-model';
import { generateDataset } from '../generate';
import { type Dataset, LOCALE_CODES, type LocaleCode } from '../model';
import { type ContentRow, localeContentRows, sharedContentRows } from './index';

const STATIC_PATHS = [
  '/',
  '/products',
  '/rep-locator',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/newsletter',
  '/downloads',
  '/projects',
  '/favourites',
  '/search',
  '/about',
  '/contact',
  '/privacy',
  '/terms',
  '/cookies',
];

describe('content of the content service', () => {
  let dataset: Dataset;
  let rows: Map<LocaleCode, ContentRow[]>;
  const item = <T>(locale: LocaleCode, type: string, id: string): T => {
    const row = rows.get(locale)?.find((r) => r.type === type && r.id === id);
    if (!row) throw new Error(`no ${type} ${id} in ${locale}`);
    return row.data as T;
  };
  const ofType = <T>(locale: LocaleCode, type: string): T[] =>
    (rows.get(locale) ?? []).filter((r) => r.type === type).map((r) => r.data as T);

  beforeAll(() => {
    dataset = generateDataset({ skus: 400 });
    rows = new Map(dataset.locales.map((l) => [l.code, localeContentRows(dataset, l)]));
  });

  it('gives every locale every static route and the path of every category sold in its region', () => {
    for (const locale of dataset.locales) {
      const paths = new Set(ofType<RouteItem>(locale.code, 'route').map((r) => r.path));
      for (const path of STATIC_PATHS) expect(paths, `${locale.code} ${path}`).toContain(path);
      const categories = dataset.categories.filter((c) => c.regions.includes(locale.region));
      expect(paths.size).toBe(STATIC_PATHS.length + categories.length);
      expect(paths).toContain('/products/conduit-fittings');
    }
    expect(new Set(ofType<RouteItem>('en-US', 'route').map((r) => r.path))).toContain(
      '/products/conduit-fittings/metallic-conduit/emt-conduit',
    );
    // EMT is a North American family: not a route of the European site.
    expect(new Set(ofType<RouteItem>('de-EU', 'route').map((r) => r.path))).not.toContain(
      '/products/conduit-fittings/metallic-conduit/emt-conduit',
    );
  });

  it('fills every meta field of every route and keeps private pages out of search engines', () => {
    for (const code of LOCALE_CODES) {
      for (const route of ofType<RouteItem>(code, 'route')) {
        for (const field of ['title', 'intro', 'MetaTitle', 'MetaDescription', 'MetaTags'] as const)
          expect(route[field].trim(), `${code} ${route.path} ${field}`).not.toBe('');
        expect(route.MetaTitle).toContain(dataset.site.name);
        expect(`${route.MetaTitle} ${route.intro} ${route.MetaDescription}`).not.toMatch(/\{\w+\}/);
      }
      expect(item<RouteItem>(code, 'route', '/projects').MetaRobots).toBe('noindex, nofollow');
      expect(item<RouteItem>(code, 'route', '/login').MetaRobots).toBe('noindex, nofollow');
      expect(item<RouteItem>(code, 'route', '/about').MetaRobots).toBe('index, follow');
    }
  });

  it('writes each language in its own words, and regional English where the region differs', () => {
    const titles = (['en-US', 'fr-CA', 'de-EU', 'nl-EU'] as const).map(
      (code) => item<RouteItem>(code, 'route', '/about').title,
    );
    expect(new Set(titles).size).toBe(4);
    const placeholders = (['en-GB', 'fr-EU', 'de-EU', 'nl-EU'] as const).map(
      (code) => item<HeaderItem>(code, 'header', 'header').searchPlaceholder,
    );
    expect(new Set(placeholders).size).toBe(4);
    // US spelling and units against Commonwealth ones.
    expect(item<HeaderItem>('en-US', 'header', 'header').searchPlaceholder).toContain('catalog number');
    expect(item<HeaderItem>('en-GB', 'header', 'header').searchPlaceholder).toContain('catalogue number');
    expect(item<RouteItem>('en-US', 'route', '/favourites').title).toBe('My favorites');
    expect(item<RouteItem>('en-AU', 'route', '/favourites').title).toBe('My favourites');
    // Phone numbers in the region's format.
    expect(item<RouteItem>('en-US', 'route', '/contact').intro).toContain('(312) 555-0100');
    expect(item<RouteItem>('en-GB', 'route', '/contact').intro).toContain('020 7946 0100');
    expect(item<RouteItem>('en-AU', 'route', '/contact').intro).toContain('(02) 5550 1000');
    const conduitFill = (code: LocaleCode) =>
      ofType<CalculatorItem>(code, 'calculator').find((c) => c.id === 'conduit-fill');
    expect(conduitFill('en-US')?.inputs[0]?.unit).toBe('in');
    expect(conduitFill('en-CA')?.inputs[0]?.unit).toBe('mm');
    expect(item<NewsletterItem>('fr-CA', 'newsletter', 'newsletter').alreadySubscribedMessage).toMatch(
      /déjà abonnée/,
    );
  });

  it('builds the mega-menu from the categories sold in the region', () => {
    const header = item<HeaderItem>('en-US', 'header', 'header');
    const conduit = header.megaMenu.find((m) => m.category.href === '/products/conduit-fittings');
    expect(conduit?.entries.map((e) => e.href)).toContain('/products/conduit-fittings/metallic-conduit');
    const metallic = conduit?.entries.find((e) => e.href === '/products/conduit-fittings/metallic-conduit');
    expect(metallic?.children.map((c) => c.label)).toContain('EMT conduit');
  });

  it('gives calculators formulas over their own inputs only', () => {
    const calculators = ofType<CalculatorItem>('de-EU', 'calculator');
    expect(calculators.length).toBeGreaterThan(0);
    for (const calculator of calculators) {
      const names = new Set(calculator.inputs.map((i) => i.name));
      for (const output of calculator.outputs) {
        for (const name of output.formula.match(/[A-Za-z_]\w*/g) ?? []) expect(names).toContain(name);
      }
    }
  });

  it('derives product marketing from the family and the product, for the products sold in the locale', () => {
    const pcm = ofType<ProductMarketingItem>('fr-CA', 'pcm');
    const sold = dataset.products.filter((p) => p.regions.includes('CA'));
    expect(pcm).toHaveLength(sold.length);
    const emt = pcm.find((p) => p.productNumber.startsWith('EMT-'));
    expect(emt?.productName).toMatch(/^Tube IMT/);
    expect(emt?.productMarketingMessage).toMatch(/Léger, facile à cintrer/);
    expect(emt?.productBullets).toContain('Intérieur lisse pour un tirage facile des fils');
    expect(emt?.productBullets.some((b) => /^Taille nominale \d+ mm$/.test(b))).toBe(true);
  });

  it('maps locales as spec §9 says', () => {
    const shared = sharedContentRows(dataset);
    const mapping = (id: string) =>
      shared.find((r) => r.type === 'mapping' && r.id === id)?.data as MappingItem;
    const hub = mapping('content-hub-locale');
    expect(hub.default).toBe('M.Localization.en-US');
    expect(hub.entries.find((e) => e.locale === 'nl-EU')?.value).toBe('M.Localization.nl-EU');
    expect(mapping('region').default).toBe('USA');
    expect(mapping('metric-toggle').entries.map((e) => e.locale)).toEqual(['en-US', 'en-CA', 'fr-CA']);
    const territories = shared.filter((r) => r.type === 'territory').map((r) => r.data as TerritoryItem);
    for (const region of dataset.regions)
      expect(
        territories.some((t) => t.region === region.code),
        region.code,
      ).toBe(true);
    expect(territories.flatMap((t) => t.reps).every((r) => r.title.fr && r.phone)).toBe(true);
  });

  it('is deterministic', () => {
    const hash = (d: Dataset) =>
      createHash('sha256')
        .update(JSON.stringify(d.locales.map((l) => localeContentRows(d, l))))
        .digest('hex');
    expect(hash(generateDataset({ skus: 400 }))).toBe(hash(dataset));
  });
});
