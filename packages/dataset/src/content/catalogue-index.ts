import type { Dataset, DatasetCategory, DatasetProduct, Region } from '../model';

/**
 * Lookups over the catalogue that content is derived from: categories by id, their URL paths (as the
 * storefront builds them: `/products/<slug>/<slug>/…`), children in list order, and the products of each
 * family (level 3).
 */
export class CatalogueIndex {
  readonly byId = new Map<string, DatasetCategory>();
  private readonly children = new Map<string | null, DatasetCategory[]>();
  private readonly familyProducts = new Map<string, DatasetProduct[]>();

  constructor(readonly dataset: Dataset) {
    for (const category of dataset.categories) {
      this.byId.set(category.id, category);
      const siblings = this.children.get(category.parentId) ?? [];
      siblings.push(category);
      this.children.set(category.parentId, siblings);
    }
    for (const siblings of this.children.values())
      siblings.sort((a, b) => a.listOrder - b.listOrder || a.id.localeCompare(b.id));
    for (const product of dataset.products) {
      const familyId = product.categoryId.split('.').slice(0, 3).join('.');
      const list = this.familyProducts.get(familyId) ?? [];
      list.push(product);
      this.familyProducts.set(familyId, list);
    }
  }

  /** The categories from the top level down to this one. */
  ancestry(category: DatasetCategory): DatasetCategory[] {
    const chain: DatasetCategory[] = [];
    for (
      let c: DatasetCategory | undefined = category;
      c;
      c = c.parentId ? this.byId.get(c.parentId) : undefined
    )
      chain.unshift(c);
    return chain;
  }

  path(category: DatasetCategory): string {
    return `/products/${this.ancestry(category)
      .map((c) => c.slug)
      .join('/')}`;
  }

  /** Children of a category (or the top-level categories for null) sold in a region, in list order. */
  childrenIn(parentId: string | null, region: Region): DatasetCategory[] {
    return (this.children.get(parentId) ?? []).filter((c) => c.regions.includes(region));
  }

  /** Families (level 3) sold in a region, in tree order. */
  familiesIn(region: Region): DatasetCategory[] {
    return this.childrenIn(null, region).flatMap((top) =>
      this.childrenIn(top.id, region).flatMap((line) => this.childrenIn(line.id, region)),
    );
  }

  /** The products of a family sold in a region. */
  productsOf(family: DatasetCategory, region: Region): DatasetProduct[] {
    return (this.familyProducts.get(family.id) ?? []).filter((p) => p.regions.includes(region));
  }

  topCategoryOf(category: DatasetCategory): DatasetCategory {
    const top = this.ancestry(category)[0];
    if (!top) throw new Error(`Category ${category.id} has no top-level category`);
    return top;
  }
}
