import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CalculatorItem,
  FaqItem,
  FooterItem,
  HeaderItem,
  MappingItem,
  NewsletterItem,
  ProductMarketingItem,
  RouteItem,
  TabItem,
  TableItem,
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
  '/verify-email',
  '/calculators',
  '/newsletter',
  '/downloads',
  '/projects',
  '/favourites',
  '/search',
  '/about',
  '/contact',
  '/careers',
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

  it("counts in a family's summary table the catalogue numbers its page lists: active ones for everyone", () => {
    const restricted = dataset.products.filter((p) => !p.active || p.visibleToUserGroup !== null);
    expect(restricted.length).toBeGreaterThan(0);
    for (const locale of dataset.locales) {
      for (const table of ofType<TableItem>(locale.code, 'table')) {
        const listed = dataset.products.filter(
          (p) =>
            p.regions.includes(locale.region) &&
            p.active &&
            p.visibleToUserGroup === null &&
            `${p.categoryId}.`.startsWith(`${table.family}.`),
        );
        const row = table.rows.find((r) => r.key === 'products');
        expect(row?.values, `${locale.code} ${table.family}`).toEqual([String(listed.length)]);
      }
    }
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

  it('gives every site link of the footer a route item in every locale, with a body where no page has its own', () => {
    // Issue 22 item 4: the footer's about, careers and legal links led to 404s. A footer path is either a
    // page of its own (products, downloads, …) or a content page, which needs sections to render.
    const ownPages = new Set([
      '/products',
      '/downloads',
      '/calculators',
      '/rep-locator',
      '/newsletter',
      '/cookies',
    ]);
    for (const code of LOCALE_CODES) {
      const footer = item<FooterItem>(code, 'footer', 'footer');
      const sitePaths = footer.columns
        .flatMap((c) => c.links.map((l) => l.href))
        .filter((h) => h.startsWith('/'));
      expect(sitePaths.length).toBeGreaterThan(5);
      for (const path of sitePaths) {
        const route = item<RouteItem>(code, 'route', path);
        if (!ownPages.has(path)) expect(route.sections.length, `${code} ${path}`).toBeGreaterThan(0);
        for (const section of route.sections)
          expect(`${section.heading} ${section.paragraphs.join(' ')}`).not.toMatch(/\{\w+\}/);
      }
    }
  });

  it('shows a bullet about one region only in that region: no Australian underground conduit in Europe', () => {
    // Issue 22 item 9: an Australia-only bullet showed on de-EU and en-GB pages.
    const australian = /Austral/;
    for (const locale of dataset.locales) {
      const bullets = [
        ...ofType<TabItem>(locale.code, 'tab').flatMap((tab) => tab.bullets),
        ...ofType<ProductMarketingItem>(locale.code, 'pcm').flatMap((pcm) => pcm.productBullets),
      ];
      const shown = bullets.some((bullet) => australian.test(bullet));
      expect(shown, locale.code).toBe(locale.region === 'AU' || locale.region === 'NZ');
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
    expect(conduitFill('en-US')?.unitSystem).toBe('imperial');
    expect(conduitFill('en-CA')?.unitSystem).toBe('metric');
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

  it('gives the conduit fill calculator the conduit types sold in the region, in millimetres', () => {
    const fill = (code: LocaleCode) =>
      ofType<CalculatorItem>(code, 'calculator').find((c) => c.id === 'conduit-fill')?.conduitFill;
    const us = fill('en-US');
    expect(us?.conduitTypes.map((t) => t.id)).toEqual(['emt', 'rmc', 'pvc-schedule-40', 'pvc-schedule-80']);
    const emt = us?.conduitTypes[0];
    expect(emt?.categoryId).toBe('conduit-fittings.metallic-conduit.emt-conduit');
    // NEC Chapter 9 Table 4: 1/2 in EMT has an internal diameter of 0.622 in.
    expect(emt?.sizes[0]).toEqual({
      tradeSize: '1-2-in',
      label: '1/2 in (16 mm)',
      internalDiameterMm: 0.622 * 25.4,
    });
    const pvc80 = us?.conduitTypes.find((t) => t.id === 'pvc-schedule-80');
    expect(pvc80?.label).toBe('Rigid PVC conduit – Schedule 80');
    expect(pvc80?.segments).toEqual(['schedule-80']);
    // NEC Chapter 9 Table 5: 12 AWG THHN is 0.0133 in².
    const thhn12 = us?.conductors[0]?.sizes.find((s) => s.id === 'thhn-12');
    expect(thhn12?.areaMm2).toBeCloseTo(0.0133 * 25.4 ** 2, 6);
    expect(fill('de-EU')?.conduitTypes.map((t) => t.id)).toEqual(['rigid-metric']);
    expect(fill('de-EU')?.conductors.map((c) => c.label)).toEqual([
      'Kupfer THHN/THWN-2',
      'H07V-R/-U Aderleitung',
    ]);
    expect(fill('fr-CA')?.conduitTypes.map((t) => t.id)).toEqual(['emt', 'rmc', 'rigid-pvc-csa']);
  });

  it('gives the strut calculator the channel profiles with their section properties in mm', () => {
    const strut = ofType<CalculatorItem>('en-US', 'calculator').find((c) => c.id === 'strut-span');
    expect(strut?.family.startsWith('strut-framing.')).toBe(true);
    const p1000 = strut?.strutSpan?.profiles.find((p) => p.id === 'solid-41x41-12');
    expect(p1000?.label).toBe('Solid strut channel – 1-5/8 x 1-5/8 in (41 x 41 mm), 12 gauge (2.5 mm)');
    expect(p1000?.momentOfInertiaMm4).toBeCloseTo(0.185 * 25.4 ** 4, 3);
    expect(strut?.strutSpan?.allowableStressMpa).toBeCloseTo(172.37, 2);
    expect(strut?.texts.find((t) => t.key === 'span')?.text).toBe('Span between supports ({unit})');
    const calculatorsOfCableTray = ofType<CalculatorItem>('en-US', 'calculator').filter((c) =>
      c.family.startsWith('cable-tray.'),
    );
    expect(calculatorsOfCableTray).toEqual([]);
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

  it('gives every locale the FAQs in its language with the placeholders filled in', () => {
    for (const code of LOCALE_CODES) {
      const faqs = ofType<FaqItem>(code, 'faq');
      expect(faqs.length, code).toBeGreaterThanOrEqual(15);
      for (const faq of faqs) {
        expect(faq.question.trim(), `${code} ${faq.id}`).not.toBe('');
        expect(`${faq.question} ${faq.answer}`, `${code} ${faq.id}`).not.toMatch(/\{\w+\}/);
      }
    }
    expect(item<FaqItem>('fr-CA', 'faq', 'conduit-fill-limits').question).toMatch(/remplissage/);
    expect(item<FaqItem>('de-EU', 'faq', 'strut-load-capacity').question).toMatch(/Montageschiene/);
    expect(item<FaqItem>('nl-EU', 'faq', 'bim-files').answer).toMatch(/ingelogd/);
    // {weeks} is the region's made-to-order lead time; en-US has its own spelling.
    expect(item<FaqItem>('en-GB', 'faq', 'made-to-order-lead-time').answer).toContain('6–8 weeks');
    expect(item<FaqItem>('en-US', 'faq', 'made-to-order-lead-time').answer).toContain('4–6 weeks');
    expect(item<FaqItem>('en-US', 'faq', 'returns').answer).toContain('canceled');
    expect(item<FaqItem>('en-GB', 'faq', 'returns').answer).toContain('cancelled');
  });

  it('is deterministic', () => {
    const hash = (d: Dataset) =>
      createHash('sha256')
        .update(JSON.stringify(d.locales.map((l) => localeContentRows(d, l))))
        .digest('hex');
    expect(hash(generateDataset({ skus: 400 }))).toBe(hash(dataset));
  });
});
