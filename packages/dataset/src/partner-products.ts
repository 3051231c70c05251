import type { DatasetProduct } from './model';
import type { Random } from './random';

/** The ACME-US user group whose members see products that no one else does. */
export const PARTNER_GROUP_ID = 'acme-prefab-partners';

/** How many products are restricted to the partner group: none below 20 SKUs, 1 or more up to 5-10. */
export function partnerProductCount(skus: number, random: Random): number {
  if (skus < 20) return 0;
  if (skus < 500) return Math.max(1, Math.min(5, Math.floor(skus / 80)));
  return random.int(5, 10);
}

/**
 * Restricts a few US products to the partner group (and to the US). Products from categories that keep
 * other open products are preferred, so the regional catalogues do not get categories without products.
 */
export function restrictPartnerProducts(products: DatasetProduct[], count: number, random: Random): void {
  const openPerCategory = new Map<string, number>();
  for (const p of products) {
    if (p.active && p.regions.includes('US'))
      openPerCategory.set(p.categoryId, (openPerCategory.get(p.categoryId) ?? 0) + 1);
  }
  const usable = (p: DatasetProduct) => p.active && p.regions.includes('US') && p.visibleToUserGroup === null;
  const preferred = products.filter((p) => usable(p) && (openPerCategory.get(p.categoryId) ?? 0) >= 2);
  const fallback = products.filter(usable);
  let remaining = count;
  for (const pool of [preferred, fallback]) {
    const order = random.shuffle(pool);
    for (const product of order) {
      if (remaining === 0) return;
      if (product.visibleToUserGroup !== null) continue;
      const left = openPerCategory.get(product.categoryId) ?? 0;
      if (pool === preferred && left < 2) continue;
      openPerCategory.set(product.categoryId, left - 1);
      product.visibleToUserGroup = PARTNER_GROUP_ID;
      product.regions = ['US'];
      remaining--;
    }
  }
}
