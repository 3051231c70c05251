import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentUnderTest, startContent } from '../testing/content-server';

const PAGE = 'total pageInfo { endCursor hasNext }';

describe('content service queries (GraphQL over HTTP)', () => {
  let content: ContentUnderTest;

  beforeAll(async () => {
    content = await startContent();
  });
  afterAll(async () => {
    await content?.close();
  });

  /** Runs a query that must succeed and returns its data. */
  const data = async (query: string, variables?: Record<string, unknown>) => {
    const answer = await content.post(query, variables);
    expect(answer.json.errors, JSON.stringify(answer.json.errors)).toBeUndefined();
    expect(answer.status).toBe(200);
    return answer.json.data;
  };

  /** Follows endCursor until hasNext is false; returns every result. */
  const allPages = async (field: string, args: string, selection: string, limit: number) => {
    const results: Record<string, unknown>[] = [];
    let cursor: string | null = null;
    let total = -1;
    for (let pages = 0; pages < 200; pages += 1) {
      const d = await data(
        `query($c: String) { ${field}(${args}, limit: ${limit}, endCursor: $c) { ${PAGE} results { ${selection} } } }`,
        { c: cursor },
      );
      const page = d[field];
      total = page.total;
      expect(page.results.length).toBeLessThanOrEqual(limit);
      results.push(...page.results);
      if (!page.pageInfo.hasNext) break;
      cursor = page.pageInfo.endCursor;
    }
    expect(results).toHaveLength(total);
    return results;
  };

  it('lists the ten locales with their mappings', async () => {
    const d = await data('{ locales { code language region urlPrefix contentHubLocale loginLocale } }');
    expect(d.locales.map((l: { code: string }) => l.code)).toEqual([
      'en-US',
      'en-CA',
      'fr-CA',
      'en-GB',
      'en-EU',
      'fr-EU',
      'de-EU',
      'nl-EU',
      'en-AU',
      'en-NZ',
    ]);
    expect(d.locales[2]).toMatchObject({ code: 'fr-CA', language: 'fr', region: 'CA', urlPrefix: 'fr-ca' });
  });

  it('answers a route with its meta fields in the language asked for, in any case', async () => {
    const q = `query($p: String!, $l: String!) { route(path: $p, language: $l) {
      path kind title intro MetaTitle MetaDescription MetaTags MetaRobots MetaGooglebot } }`;
    const about = await data(q, { p: '/about', l: 'FR-ca' });
    expect(about.route).toMatchObject({
      path: '/about',
      kind: 'page',
      title: 'À propos',
      MetaTitle: 'À propos | Northfield Infrastructure Products',
      MetaRobots: 'index, follow',
    });
    const family = await data(q, { p: '/products/conduit-fittings', l: 'de-EU' });
    expect(family.route.title).toBe('Elektroinstallationsrohre und Zubehör');
    expect(family.route.MetaTags).toContain('Produkte');
    const projects = await data(q, { p: '/projects', l: 'en-US' });
    expect(projects.route.MetaGooglebot).toBe('noindex, nofollow');
    expect((await data(q, { p: '/no-such-page', l: 'en-US' })).route).toBeNull();
  });

  it('pages through every route of a locale, in path order, without repeats', async () => {
    const routes = await allPages('routes', 'language: "de-EU"', 'path title', 40);
    const paths = routes.map((r) => String(r.path));
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(paths);
    expect(paths).toContain('/rep-locator');
    expect(paths.filter((p) => p.startsWith('/products/')).length).toBeGreaterThan(20);
    // The US catalogue has families Europe does not.
    const us = await allPages('routes', 'language: "en-US"', 'path', 100);
    expect(us.map((r) => r.path)).toContain('/products/conduit-fittings/metallic-conduit/emt-conduit');
    expect(paths).not.toContain('/products/conduit-fittings/metallic-conduit/emt-conduit');
  });

  it('serves the sales regions in order, named in the language, with their catalogs', async () => {
    const d = await data(`{ en: regions(language: "en-GB") { code name catalogId currency }
      fr: regions(language: "fr-CA") { code name } }`);
    expect(d.en.map((r: { code: string }) => r.code)).toEqual(['US', 'CA', 'GB', 'EU', 'AU', 'NZ']);
    expect(d.en[3]).toMatchObject({ code: 'EU', currency: 'EUR' });
    expect(d.en[3].catalogId).toMatch(/\S/);
    expect(d.fr[0].name).not.toBe(d.en[0].name);
  });

  it('serves the site name of each locale, the name its route titles carry', async () => {
    const d = await data(`{
      us: site(language: "en-US") { name } de: site(language: "de-eu") { name }
      home: route(path: "/", language: "de-EU") { MetaTitle }
    }`);
    expect(d.us.name.length).toBeGreaterThan(3);
    expect(d.de.name).toBe(d.us.name);
    expect(d.home.MetaTitle).toContain(d.de.name);
    const unknown = await content.post(`{ site(language: "xx-XX") { name } }`);
    expect(unknown.json.errors[0].message).toMatch(/xx-XX/);
  });

  it('serves the header and footer of each locale', async () => {
    const q = `query($l: String!) {
      header(language: $l) { searchPlaceholder topLinks { label href } megaMenu { category { label href } entries { label href children { label href } } } }
      footer(language: $l) { legalText copyright columns { title links { label href } } socialLinks { network href } contact { phone } } }`;
    const us = await data(q, { l: 'en-US' });
    const ca = await data(q, { l: 'fr-CA' });
    expect(us.header.searchPlaceholder).toContain('catalog number');
    expect(ca.header.searchPlaceholder).toBe('Rechercher par produit, numéro de catalogue ou mot-clé');
    expect(ca.header.topLinks.map((l: { href: string }) => l.href)).toContain('/rep-locator');
    const conduit = ca.header.megaMenu.find(
      (m: { category: { href: string } }) => m.category.href === '/products/conduit-fittings',
    );
    expect(conduit.category.label).toBe('Conduits et raccords');
    expect(conduit.entries.length).toBeGreaterThan(0);
    expect(ca.footer.columns[0].title).toBe('Entreprise');
    expect(ca.footer.copyright).toContain('{year}');
    expect(us.footer.contact.phone).toBe('(312) 555-0100');
    expect(us.footer.socialLinks.map((s: { network: string }) => s.network)).toContain('linkedin');
  });

  it('pages through the dictionary by key', async () => {
    const entries = await allPages('dictionary', 'language: "de-EU"', 'key phrase', 7);
    const byKey = new Map(entries.map((e) => [e.key, e.phrase]));
    expect(byKey.get('nav.favourites')).toBe('Favoriten');
    expect(entries.length).toBeGreaterThan(30);
  });

  it('serves newsletter texts and made-to-order labels in the language', async () => {
    const d = await data(`{
      nl: newsletter(language: "nl-EU") { heading consentText successMessage malformedEmailMessage alreadySubscribedMessage }
      us: madeToOrderLabels(language: "en-US") { badge leadTime returnPolicy }
      au: madeToOrderLabels(language: "en-AU") { leadTime returnPolicy } }`);
    expect(d.nl.heading).toBe('Blijf op de hoogte');
    expect(d.us.leadTime).toBe('Ships in 4–6 weeks after order confirmation.');
    expect(d.au.leadTime).toBe('Ships in 8–10 weeks after order confirmation.');
    expect(d.us.returnPolicy).toContain('canceled');
    expect(d.au.returnPolicy).toContain('cancelled');
  });

  it('serves family tables, tabs and calculators, narrowed to one family or paged over all', async () => {
    const family = 'conduit-fittings.metallic-conduit.emt-conduit';
    const d = await data(
      `query($f: String) {
        tables(language: "en-US", family: $f) { total results { id title columns rows { label values } } }
        tabs(language: "fr-CA", family: $f) { total results { id label order body bullets } }
        us: calculators(language: "en-US", family: $f) { results { id kind title unitSystem families } }
        ca: calculators(language: "en-CA", family: $f) { results { unitSystem } } }`,
      { f: family },
    );
    expect(d.tables.total).toBe(1);
    const sizes = d.tables.results[0].rows.find((r: { label: string }) => r.label === 'Trade size');
    expect(sizes.values.length).toBeGreaterThan(0);
    for (const size of sizes.values) expect(size).toMatch(/^[\d/-]+ in$/);
    expect(d.tabs.results.map((t: { id: string }) => t.id)).toEqual([
      'overview',
      'specifications',
      'downloads',
      'calculator',
    ]);
    expect(d.tabs.results[0].label).toBe('Aperçu');
    expect(d.tabs.results[0].bullets).toContain('Intérieur lisse pour un tirage facile des fils');
    expect(d.us.results[0]).toMatchObject({
      id: 'conduit-fill',
      kind: 'conduit-fill',
      unitSystem: 'imperial',
    });
    expect(d.us.results[0].families).toContain('wire-cable.building-wire.thhn-wire');
    expect(d.ca.results[0].unitSystem).toBe('metric');
    const tables = await allPages('tables', 'language: "de-EU"', 'family id title', 5);
    expect(new Set(tables.map((t) => t.family)).size).toBe(tables.length);
    const tabs = await allPages('tabs', 'language: "de-EU"', 'family id', 30);
    expect(tabs.length).toBeGreaterThanOrEqual(tables.length * 3);
    const calculators = await allPages('calculators', 'language: "de-EU"', 'family id', 10);
    expect(calculators.length).toBeGreaterThan(0);
  });

  it('serves each calculator once with its tables, localised, in millimetres', async () => {
    const d = await data(
      `{
        index: calculatorIndex(language: "de-EU") { id kind title families }
        fill: calculator(language: "en-US", id: "conduit-fill") {
          texts { key text }
          strutSpan { maxSpanMm }
          conduitFill {
            maxRows maxConductorsPerRow limits { conductors percent }
            conduitTypes { id label categoryId segments sizes { tradeSize label internalDiameterMm } }
            conductors { id label unitSystem sizes { id label areaMm2 diameterMm } }
          }
        }
        strut: calculator(language: "fr-EU", id: "strut-span") {
          title conduitFill { maxRows }
          strutSpan { allowableStressMpa elasticModulusMpa maxSpanMm deflectionLimits
            profiles { id label categoryId momentOfInertiaMm4 sectionModulusMm3 weightKgPerM } }
        }
        none: calculator(language: "en-US", id: "pipe-sizing") { id }
      }`,
    );
    expect(d.index.map((c: { id: string }) => c.id)).toEqual(['conduit-fill', 'strut-span']);
    expect(d.index[0].title).toBe('Rohrfüllgrad-Rechner');
    expect(d.index[1].families.every((f: string) => f.startsWith('strut-framing.'))).toBe(true);
    expect(d.fill.strutSpan).toBeNull();
    expect(d.fill.conduitFill.limits).toEqual([
      { conductors: 1, percent: 53 },
      { conductors: 2, percent: 31 },
      { conductors: 3, percent: 40 },
    ]);
    const emt = d.fill.conduitFill.conduitTypes[0];
    expect(emt).toMatchObject({
      id: 'emt',
      label: 'EMT conduit',
      categoryId: 'conduit-fittings.metallic-conduit.emt-conduit',
    });
    expect(emt.sizes[0].internalDiameterMm).toBeCloseTo(15.7988, 4);
    const thhn = d.fill.conduitFill.conductors.find((g: { id: string }) => g.id === 'thhn');
    expect(thhn.unitSystem).toBe('imperial');
    expect(thhn.sizes.map((s: { label: string }) => s.label)).toContain('4/0 AWG');
    expect(d.fill.texts.find((t: { key: string }) => t.key === 'noConductors').text).toBe(
      'Add at least one conductor.',
    );
    expect(d.strut.title).toBe('Calculateur de portée et de charge des rails');
    expect(d.strut.conduitFill).toBeNull();
    expect(d.strut.strutSpan.deflectionLimits).toEqual([180, 240, 360]);
    expect(d.strut.strutSpan.maxSpanMm).toBeCloseTo(6096, 6);
    // The test dataset has 200 SKUs: only the profiles that have a category in the region are listed.
    for (const profile of d.strut.strutSpan.profiles) {
      expect(profile.categoryId).toMatch(/^strut-framing\.strut-channel\./);
      expect(profile.momentOfInertiaMm4).toBeGreaterThan(0);
      expect(profile.label).toMatch(/^Rail de montage/);
    }
    expect(d.none).toBeNull();
  });

  it('serves the BIM filters of the region', async () => {
    const filters = await allPages(
      'bimFilters',
      'language: "de-EU"',
      'id label field options { value label }',
      1,
    );
    expect(filters.map((f) => f.id)).toEqual(['format', 'category', 'certification']);
    expect(filters[0]?.label).toBe('Dateiformat');
    const certifications = (filters[2]?.options as { value: string }[] | undefined)?.map((o) => o.value);
    expect(certifications).toContain('CE');
    expect((filters[1]?.options as { label: string }[] | undefined)?.map((o) => o.label)).toContain(
      'Elektroinstallationsrohre und Zubehör',
    );
  });

  it('answers the mappings of spec §9', async () => {
    const d = await data(`{
      regionMappings { default entries { locale value } }
      loginLocaleMappings { default entries { locale value } }
      contentHubLocaleMappings { default entries { locale value } }
      metricToggleLocales }`);
    expect(d.regionMappings.default).toBe('USA');
    expect(d.regionMappings.entries).toContainEqual({ locale: 'de-EU', value: 'EUR' });
    expect(d.loginLocaleMappings.entries).toContainEqual({ locale: 'fr-CA', value: 'fr-CA' });
    expect(d.contentHubLocaleMappings.default).toBe('M.Localization.en-US');
    expect(d.contentHubLocaleMappings.entries).toHaveLength(10);
    expect(d.contentHubLocaleMappings.entries).toContainEqual({
      locale: 'en-NZ',
      value: 'M.Localization.en-NZ',
    });
    expect(d.metricToggleLocales).toEqual(['en-US', 'en-CA', 'fr-CA']);
  });

  it('finds the territory and reps serving a postal code, in the language asked for', async () => {
    const q = `query($r: String!, $p: String!, $l: String) { territories(region: $r, postalCode: $p, language: $l) {
      region postalCode territories { id name reps { name title email phone company territory } } } }`;
    const chicago = await data(q, { r: 'US', p: '60601-1234', l: 'en-US' });
    expect(chicago.territories.postalCode).toBe('60601-1234');
    expect(chicago.territories.territories[0].id).toBe('us-midwest');
    expect(chicago.territories.territories[0].reps[0]).toMatchObject({
      phone: '(312) 555-0187',
      territory: 'Midwest',
    });
    const montreal = await data(q, { r: 'CA', p: 'h2x 1y4', l: 'fr-CA' });
    expect(montreal.territories.territories[0]).toMatchObject({ id: 'ca-quebec', name: 'Québec' });
    expect(montreal.territories.territories[0].reps[0].title).toBe('Directeur régional des ventes');
    const berlin = await data(q, { r: 'EU', p: 'DE 10115', l: 'de-EU' });
    expect(berlin.territories.territories[0].name).toBe('Deutschland und Österreich');
    expect(berlin.territories.territories[0].reps[0].phone).toMatch(/^\+49 /);
    // Valid postal codes nobody serves: no territory.
    expect((await data(q, { r: 'GB', p: 'BT1 1AA' })).territories.territories).toEqual([]);
    expect((await data(q, { r: 'EU', p: 'IT 00184' })).territories.territories).toEqual([]);
  });

  it('answers product marketing content as the storefront asks for it (spec §7)', async () => {
    const query = `query($productsArr: [String!], $locale: String) {
      allM_PCM_Product(where: { productNumber_in: $productsArr }, locale: $locale) {
        total pageInfo { endCursor hasNext } results { id productNumber productName productMarketingMessage productBullets locale } } }`;
    const all = await data(
      `{ allM_PCM_Product(locale: "fr-CA", first: 100) { total results { productNumber productName } } }`,
    );
    const numbers = all.allM_PCM_Product.results.map((r: { productNumber: string }) => r.productNumber);
    const wanted = [numbers[0], numbers[1], 'NO-SUCH-PRODUCT'];
    const fr = await data(query, { productsArr: wanted, locale: 'fr-CA' });
    expect(fr.allM_PCM_Product.total).toBe(2);
    expect(fr.allM_PCM_Product.results.map((r: { locale: string }) => r.locale)).toEqual(['fr-CA', 'fr-CA']);
    expect(fr.allM_PCM_Product.results[0].productBullets.length).toBeGreaterThan(2);
    // The content-hub form of the locale works too, and without a locale the answer is en-US.
    const hub = await data(query, { productsArr: wanted, locale: 'M.Localization.fr-CA' });
    expect(hub.allM_PCM_Product.results).toEqual(fr.allM_PCM_Product.results);
    const usNumbers = (
      await data(`{ allM_PCM_Product(first: 1) { results { productNumber locale productName } } }`)
    ).allM_PCM_Product.results;
    expect(usNumbers[0].locale).toBe('en-US');
    const en = await data(query, { productsArr: [usNumbers[0].productNumber] });
    expect(en.allM_PCM_Product.results[0].productName).toBe(usNumbers[0].productName);
  });

  it('pages through all product marketing content of a locale', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let total = 0;
    for (let i = 0; i < 100; i += 1) {
      const d = await data(
        `query($a: String) { allM_PCM_Product(locale: "de-EU", first: 25, after: $a) { total pageInfo { endCursor hasNext } results { productNumber } } }`,
        { a: after },
      );
      const page = d.allM_PCM_Product;
      total = page.total;
      seen.push(...page.results.map((r: { productNumber: string }) => r.productNumber));
      if (!page.pageInfo.hasNext) break;
      after = page.pageInfo.endCursor;
    }
    expect(total).toBeGreaterThan(25);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('answers GET requests too', async () => {
    const response = await fetch(`${content.url}?query=${encodeURIComponent('{ metricToggleLocales }')}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { metricToggleLocales: ['en-US', 'en-CA', 'fr-CA'] } });
  });
});
