import type { Language, MeasuredValue } from '@catalogue/dataset/model';
import { z } from 'zod';
import { stockUnitsOf } from '../product/stock-note';

/**
 * A product (SKU) as its page, its spec sheet and its CAD/BIM files need it, from a BuyerProduct of the
 * commerce service. The commerce service stores what the dataset loader wrote in `xp` (packages/dataset
 * `productRow`); the checks below accept exactly that and fall back field by field, so one odd value in
 * an edited product hides that value, never the page.
 */

/** Catalogue numbers as URLs carry them: letters, digits, `-` and `_` (the dataset's are `EMT-075-10`). */
export const PRODUCT_ID = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/);

export interface ProductDownload {
  kind: 'specSheet' | 'cad' | 'bim';
  fileName: string;
  format: string;
  /** Visitors must log in before downloading (spec §5). */
  shouldAskLogin: boolean;
}

export interface ProductDetail {
  id: string;
  /** Name and description in the page's language (English when the language has none). */
  name: string;
  description: string;
  /** The category holding the SKU (slugs joined by `.`), and its family (the first three levels). */
  categoryId: string;
  familyId: string;
  tradeSize: MeasuredValue | null;
  material: string | null;
  finish: string | null;
  lengthMm: number | null;
  loadClass: string | null;
  certifications: string[];
  weightKg: number | null;
  packagingQuantity: number | null;
  quantityMultiplier: number;
  madeToOrder: boolean;
  /** Units the commerce service holds in stock, when it tracks the product's stock (else null). */
  stockUnits: number | null;
  downloads: ProductDownload[];
}

const localized = z.record(z.string(), z.string()).catch({});
const text = z.string().min(1).nullable().catch(null);
const positive = z.number().positive().finite().nullable().catch(null);

const xpSchema = z
  .object({
    CategoryID: z.string().catch(''),
    Names: localized,
    Descriptions: localized,
    TradeSize: z.object({ imperial: z.string(), metric: z.string() }).nullable().catch(null),
    Material: text,
    Finish: text,
    LengthMm: positive,
    LoadClass: text,
    Certifications: z.array(z.string()).catch([]),
    WeightKg: positive,
    PackagingQuantity: z.number().int().positive().nullable().catch(null),
    MadeToOrder: z.boolean().catch(false),
    Downloads: z
      .array(
        z.object({
          kind: z.enum(['specSheet', 'cad', 'bim']),
          fileName: z.string(),
          format: z.string(),
          shouldAskLogin: z.boolean(),
        }),
      )
      .catch([]),
  })
  .partial()
  .catch({});

/** The family of a category id: its first three levels (`conduit-fittings.emt-conduit.emt-couplings`). */
export function familyIdOf(categoryId: string): string {
  return categoryId.split('.').slice(0, 3).join('.');
}

/** A BuyerProduct to the page's shape, in a language. */
export function toProductDetail(
  product: {
    ID?: unknown;
    Name?: unknown;
    Description?: unknown;
    QuantityMultiplier?: unknown;
    Inventory?: { Enabled?: unknown; QuantityAvailable?: unknown } | null;
    xp?: unknown;
  },
  language: Language,
): ProductDetail {
  const xp = xpSchema.parse(product.xp ?? {});
  const categoryId = xp.CategoryID ?? '';
  const pick = (texts: Record<string, string> | undefined, fallback: unknown) => {
    const own = texts?.[language];
    return own?.trim() ? own : typeof fallback === 'string' ? fallback : '';
  };
  return {
    id: String(product.ID ?? ''),
    name: pick(xp.Names, product.Name),
    description: pick(xp.Descriptions, product.Description),
    categoryId,
    familyId: familyIdOf(categoryId),
    tradeSize: xp.TradeSize ?? null,
    material: xp.Material ?? null,
    finish: xp.Finish ?? null,
    lengthMm: xp.LengthMm ?? null,
    loadClass: xp.LoadClass ?? null,
    certifications: xp.Certifications ?? [],
    weightKg: xp.WeightKg ?? null,
    packagingQuantity: xp.PackagingQuantity ?? null,
    quantityMultiplier:
      typeof product.QuantityMultiplier === 'number' && product.QuantityMultiplier > 0
        ? product.QuantityMultiplier
        : 1,
    madeToOrder: xp.MadeToOrder ?? false,
    stockUnits: stockUnitsOf(product.Inventory),
    downloads: xp.Downloads ?? [],
  };
}
