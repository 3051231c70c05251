/** A product of a regional catalog as the calculators need it. */
export interface CatalogProduct {
  id: string;
  /** The category slugs of the product's path, top first (its `xp.CategoryID` split at the dots). */
  path: string[];
  madeToOrder: boolean;
}

/** Bulk packs (`-P50`) and numbered made-to-order variants (`-M01`) of a standard catalogue number. */
const VARIANT_SUFFIX = /-(P\d+|M\d+)$/;

/**
 * The product that stands for a conduit trade size or channel profile: among those whose path holds every
 * segment, a standard stocked one before a bulk pack before a made-to-order one, then the shortest
 * catalogue number (the first finish and series of a family leave no code in it), then alphabetical.
 */
export function representativeSku(products: CatalogProduct[], segments: string[]): string | null {
  const rank = (p: CatalogProduct) => (p.madeToOrder ? 2 : VARIANT_SUFFIX.test(p.id) ? 1 : 0);
  const best = products
    .filter((p) => segments.every((segment) => p.path.includes(segment)))
    .sort(
      (a, b) => rank(a) - rank(b) || a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )[0];
  return best?.id ?? null;
}
