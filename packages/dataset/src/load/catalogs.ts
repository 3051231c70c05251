import type { Dataset, DatasetCategory, DatasetProduct, Region } from '../model';

/** The partner catalog: products visible only to one user group of ACME-US (assigned without ViewAllProducts). */
export const PARTNER_CATALOG_ID = 'catalog-partners';

export interface CatalogPlan {
  catalogId: string;
  name: string;
  description: string;
  /** Buyers assigned this catalog, and whether the assignment shows every product. */
  assignments: { buyerId: string; viewAllProducts: boolean }[];
  categories: DatasetCategory[];
  products: DatasetProduct[];
  /** For the partner catalog: product assignments to a user group. */
  groupAssignments: { productId: string; buyerId: string; userGroupId: string }[];
}

/**
 * Decides which categories and products go into which catalog: one catalog per region (a category or
 * product belongs to every regional catalog whose region it is sold in), plus a partner catalog for the
 * products restricted to a user group.
 */
export function planCatalogs(dataset: Dataset): CatalogPlan[] {
  const byId = new Map(dataset.categories.map((c) => [c.id, c]));
  const regionsOfCatalog = new Map<string, Set<Region>>();
  for (const region of dataset.regions) {
    const set = regionsOfCatalog.get(region.catalogId) ?? new Set<Region>();
    set.add(region.code);
    regionsOfCatalog.set(region.catalogId, set);
  }
  const open = dataset.products.filter((p) => p.visibleToUserGroup === null);
  const restricted = dataset.products.filter((p) => p.visibleToUserGroup !== null);

  const plans: CatalogPlan[] = dataset.catalogs.map((catalog) => {
    const regions = regionsOfCatalog.get(catalog.id) ?? new Set([catalog.region]);
    const sold = (item: { regions: Region[] }) => item.regions.some((r) => regions.has(r));
    return {
      catalogId: catalog.id,
      name: catalog.name,
      description: catalog.description,
      assignments: dataset.buyers
        .filter((b) => b.catalogId === catalog.id)
        .map((b) => ({ buyerId: b.id, viewAllProducts: true })),
      categories: dataset.categories.filter(sold),
      products: open.filter(sold),
      groupAssignments: [],
    };
  });

  if (restricted.length > 0) {
    const groups = new Map(dataset.userGroups.map((g) => [g.id, g]));
    const categoryIds = new Set<string>();
    for (const product of restricted) {
      for (let id: string | null = product.categoryId; id; id = byId.get(id)?.parentId ?? null)
        categoryIds.add(id);
    }
    const groupAssignments = restricted.map((product) => {
      const group = groups.get(product.visibleToUserGroup ?? '');
      if (!group)
        throw new Error(`Product ${product.id} names unknown user group ${product.visibleToUserGroup}`);
      return { productId: product.id, buyerId: group.buyerId, userGroupId: group.id };
    });
    plans.push({
      catalogId: PARTNER_CATALOG_ID,
      name: 'Partner programme',
      description: 'Products released only to partner user groups.',
      assignments: [...new Set(groupAssignments.map((a) => a.buyerId))].map((buyerId) => ({
        buyerId,
        viewAllProducts: false,
      })),
      categories: dataset.categories.filter((c) => categoryIds.has(c.id)),
      products: restricted,
      groupAssignments,
    });
  }
  return plans;
}
