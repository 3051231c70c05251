import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateDataset } from './generate';
import { type Dataset, type DatasetCategory, LANGUAGES, type Localized } from './model';

const ID = /^[A-Z0-9]+(-[A-Z0-9]+)+$/;

function hashOf(dataset: Dataset): string {
  return createHash('sha256').update(JSON.stringify(dataset)).digest('hex');
}

describe('generateDataset', () => {
  let dataset: Dataset;
  let byId: Map<string, DatasetCategory>;

  beforeAll(() => {
    dataset = generateDataset({ skus: 3000 });
    byId = new Map(dataset.categories.map((c) => [c.id, c]));
  });

  it('is deterministic: the same options give the same dataset, another seed a different one', () => {
    expect(hashOf(generateDataset({ skus: 3000 }))).toBe(hashOf(dataset));
    expect(hashOf(generateDataset({ skus: 500, seed: 7 }))).toBe(
      hashOf(generateDataset({ skus: 500, seed: 7 })),
    );
    expect(hashOf(generateDataset({ skus: 500, seed: 8 }))).not.toBe(
      hashOf(generateDataset({ skus: 500, seed: 7 })),
    );
  });

  it('uses the default SKU count and seed', () => {
    expect(dataset.skuCount).toBe(3000);
    expect(dataset.seed).toBe(20261122);
  });

  it.each([1, 50, 400, 3000])('makes exactly %i products, each with its own price schedule', (skus) => {
    const result = skus === 3000 ? dataset : generateDataset({ skus });
    expect(result.products).toHaveLength(skus);
    expect(result.priceSchedules).toHaveLength(skus);
    const schedules = new Set(result.priceSchedules.map((s) => s.id));
    for (const product of result.products) expect(schedules.has(product.priceScheduleId)).toBe(true);
  });

  it('rejects SKU counts outside 1 to 100,000', () => {
    expect(() => generateDataset({ skus: 0 })).toThrow(/skus/);
    expect(() => generateDataset({ skus: 100_001 })).toThrow(/skus/);
    expect(() => generateDataset({ skus: 2.5 })).toThrow(/skus/);
  });

  it('gives every product a unique catalogue number of capitals, digits and dashes', () => {
    const ids = dataset.products.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(ID);
    expect(ids).toContain('EMT-075-10');
  });

  it('builds a tree that reaches level 6, with some branches ending at level 4 or 5', () => {
    const levels = new Set(dataset.categories.map((c) => c.level));
    expect([...levels].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    const parents = new Set(dataset.categories.map((c) => c.parentId));
    const leaves = dataset.categories.filter((c) => !parents.has(c.id));
    expect(leaves.some((c) => c.level === 4)).toBe(true);
    expect(leaves.some((c) => c.level === 5)).toBe(true);
    expect(leaves.filter((c) => c.level === 6).length).toBeGreaterThan(leaves.length / 2);
    expect(dataset.categories.filter((c) => c.level === 1)).toHaveLength(6);
  });

  it('links every category to an existing parent one level up, with regions within the parent’s', () => {
    const seen = new Set<string>();
    for (const category of dataset.categories) {
      expect(category.id).toBe(category.parentId ? `${category.parentId}.${category.slug}` : category.slug);
      expect(category.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      if (category.parentId === null) {
        expect(category.level).toBe(1);
      } else {
        const parent = byId.get(category.parentId);
        expect(parent?.level).toBe(category.level - 1);
        expect(seen.has(category.parentId)).toBe(true);
        for (const region of category.regions) expect(parent?.regions).toContain(region);
      }
      expect(category.regions.length).toBeGreaterThan(0);
      seen.add(category.id);
    }
    expect(new Set(dataset.categories.map((c) => c.id)).size).toBe(dataset.categories.length);
  });

  it('numbers list orders from 0 within each parent', () => {
    const orders = new Map<string | null, number[]>();
    for (const c of dataset.categories)
      orders.set(c.parentId, [...(orders.get(c.parentId) ?? []), c.listOrder]);
    for (const list of orders.values()) expect(list).toEqual(list.map((_, i) => i));
  });

  it('puts every product in an existing leaf category, in regions that category is sold in', () => {
    const parents = new Set(dataset.categories.map((c) => c.parentId));
    for (const product of dataset.products) {
      const category = byId.get(product.categoryId);
      expect(category, product.id).toBeDefined();
      expect(parents.has(product.categoryId)).toBe(false);
      for (const region of product.regions) expect(category?.regions).toContain(region);
    }
  });

  it('keeps a valid tree without empty categories for small SKU counts', () => {
    const small = generateDataset({ skus: 50 });
    const used = new Set<string>();
    const ids = new Map(small.categories.map((c) => [c.id, c]));
    for (const product of small.products) {
      for (let id: string | null = product.categoryId; id; id = ids.get(id)?.parentId ?? null) used.add(id);
    }
    expect(small.categories.map((c) => c.id).sort()).toEqual([...used].sort());
    expect(small.categories.filter((c) => c.level === 1)).toHaveLength(6);
  });

  it('fills every Localized text in en, fr, de and nl', () => {
    const texts: [string, Localized][] = [];
    for (const c of dataset.categories) {
      texts.push([c.id, c.name], [c.id, c.description]);
      if (c.marketing)
        texts.push(
          [c.id, c.marketing.message],
          ...c.marketing.bullets.map((b): [string, Localized] => [c.id, b]),
        );
    }
    for (const p of dataset.products) texts.push([p.id, p.name], [p.id, p.description]);
    for (const r of dataset.regions) texts.push([r.code, r.name]);
    for (const a of dataset.attributes) {
      texts.push([a.id, a.label], ...a.options.map((o): [string, Localized] => [o.code, o.label]));
    }
    for (const [where, text] of texts) {
      for (const language of LANGUAGES) expect(text[language]?.trim(), `${where} ${language}`).toBeTruthy();
    }
  });

  it('translates family names and gives families and their subtrees marketing with three bullets', () => {
    const families = dataset.categories.filter((c) => c.level === 3);
    expect(families.length).toBeGreaterThanOrEqual(30);
    for (const family of families) {
      for (const language of ['fr', 'de', 'nl'] as const)
        expect(family.name[language]).not.toBe(family.name.en);
      expect(family.marketing?.bullets).toHaveLength(3);
    }
    for (const c of dataset.categories) expect(c.marketing === null).toBe(c.level < 3);
  });

  it('sells different assortments in the US and Canada', () => {
    const open = dataset.products.filter((p) => p.visibleToUserGroup === null);
    const us = new Set(open.filter((p) => p.regions.includes('US')).map((p) => p.id));
    const ca = new Set(open.filter((p) => p.regions.includes('CA')).map((p) => p.id));
    expect([...us].filter((id) => !ca.has(id)).length).toBeGreaterThan(100);
    expect([...ca].filter((id) => !us.has(id)).length).toBeGreaterThan(100);
    const top = (region: 'US' | 'CA') =>
      dataset.categories.filter((c) => c.level === 1 && c.regions.includes(region));
    expect(top('US')).toHaveLength(6);
    expect(top('CA')).toHaveLength(6);
  });

  it('restricts 5 to 10 US products to the ACME prefab partners, and at least one from 20 SKUs', () => {
    const restricted = dataset.products.filter((p) => p.visibleToUserGroup !== null);
    expect(restricted.length).toBeGreaterThanOrEqual(5);
    expect(restricted.length).toBeLessThanOrEqual(10);
    for (const p of restricted) {
      expect(p.visibleToUserGroup).toBe('acme-prefab-partners');
      expect(p.regions).toEqual(['US']);
    }
    for (const skus of [20, 50, 400, 3000]) {
      const products = skus === 3000 ? dataset.products : generateDataset({ skus }).products;
      const partnerOnly = products.filter((p) => p.visibleToUserGroup !== null);
      expect(partnerOnly.length).toBeGreaterThan(0);
      // Their categories keep a product everyone in the US sees.
      const open = products.filter((p) => !p.visibleToUserGroup && p.regions.includes('US'));
      const openCategories = new Set(open.map((p) => p.categoryId));
      for (const p of partnerOnly) expect(openCategories.has(p.categoryId), `${skus}: ${p.id}`).toBe(true);
    }
    expect(generateDataset({ skus: 19 }).products.filter((p) => p.visibleToUserGroup)).toHaveLength(0);
  });

  it('marks about 2 % of products inactive', () => {
    const inactive = dataset.products.filter((p) => !p.active).length / dataset.products.length;
    expect(inactive).toBeGreaterThan(0.005);
    expect(inactive).toBeLessThan(0.04);
  });

  it('prices in USD cents with 3 or 4 breaks of falling unit price', () => {
    for (const schedule of dataset.priceSchedules) {
      expect(schedule.currency).toBe('USD');
      expect(schedule.priceBreaks.length === 3 || schedule.priceBreaks.length === 4).toBe(true);
      schedule.priceBreaks.forEach((b, i) => {
        expect(Number.isInteger(b.priceMinor) && b.priceMinor > 0).toBe(true);
        const previous = schedule.priceBreaks[i - 1];
        if (previous) {
          expect(b.quantity).toBeGreaterThan(previous.quantity);
          expect(b.priceMinor).toBeLessThan(previous.priceMinor);
        }
      });
    }
  });

  it('offers spec sheets to everyone and CAD/BIM files after login, with a few products without BIM', () => {
    let withoutBim = 0;
    for (const product of dataset.products) {
      const kinds = product.downloads.map((d) => d.kind);
      expect(kinds).toContain('specSheet');
      expect(kinds).toContain('cad');
      if (!kinds.includes('bim')) withoutBim++;
      for (const d of product.downloads) {
        expect(d.shouldAskLogin).toBe(d.kind !== 'specSheet');
        expect(d.fileName.startsWith(product.id)).toBe(true);
      }
    }
    expect(withoutBim).toBeGreaterThan(0);
    expect(withoutBim).toBeLessThan(dataset.products.length / 2);
  });

  it('names products from the family and the option labels in each language', () => {
    const emt = dataset.products.find((p) => p.id === 'EMT-075-10');
    expect(emt?.name.en).toBe('EMT conduit, electro-galvanized, plain end, 3/4 in, 10 ft');
    expect(emt?.name.fr).toBe('Tube IMT, électrozingué, extrémités lisses, 21 mm, 3,05 m');
    expect(emt?.attributes).toMatchObject({
      material: 'steel-galvanized',
      lengthMm: 3048,
      certifications: ['UL', 'CSA'],
    });
  });

  it('has one catalog per regional catalogue id', () => {
    const ids = new Set(dataset.regions.map((r) => r.catalogId));
    expect(dataset.catalogs.map((c) => c.id).sort()).toEqual([...ids].sort());
  });

  it('generates 100,000 SKUs in a few seconds and reports progress', () => {
    const calls: [number, number][] = [];
    const started = performance.now();
    const big = generateDataset({ skus: 100_000, onProgress: (done, total) => calls.push([done, total]) });
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(big.products).toHaveLength(100_000);
    expect(new Set(big.products.map((p) => p.id)).size).toBe(100_000);
    expect(calls.length).toBeGreaterThan(10);
    expect(calls.at(-1)).toEqual([100_000, 100_000]);
    for (const [done, total] of calls) expect(done).toBeLessThanOrEqual(total);
  }, 30_000);
});
