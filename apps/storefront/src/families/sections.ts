/**
 * Which sections a category page shows, by level (spec §3 keeps show-section flags for levels 3 to 5):
 * top-level categories and product lines (1–2) list their child ranges only; families and everything
 * below (3–6) add the marketing content, the facets and the table of every SKU.
 */
export interface FamilySections {
  marketing: boolean;
  skus: boolean;
}

export const FIRST_FAMILY_LEVEL = 3;

export function sectionsForLevel(level: number): FamilySections {
  const family = level >= FIRST_FAMILY_LEVEL;
  return { marketing: family, skus: family };
}
