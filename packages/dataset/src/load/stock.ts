import type { Dataset, DatasetProduct } from '../model';

/**
 * Demo stock and variants (not part of the YAML data: derived from the products so every load gives the
 * same result). Stocked products track inventory with a quantity taken from their ID; made-to-order ones
 * do not track it. One product gets a variant-defining "Finish" spec and its two variants.
 */
export function inventoryColumns(product: DatasetProduct) {
  if (product.attributes.madeToOrder) return {};
  let hash = 0;
  for (const ch of product.id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return {
    inventoryEnabled: true,
    inventoryQuantityAvailable: hash % 500,
    inventoryNotificationPoint: 25,
  };
}

export const VARIANT_SPEC_ID = 'demo-finish';

const OPTIONS = [
  { id: 'galv', value: 'Hot-dip galvanised', markupType: 'NoMarkup', markup: null },
  { id: 'ss', value: 'Stainless steel', markupType: 'AmountPerQuantity', markup: '4.5' },
] as const;

/** The spec, its options, its product assignment and the variants of the demo variant product. */
export function variantRows(dataset: Dataset) {
  const product = dataset.products.find(
    (p) => p.active && p.visibleToUserGroup === null && p.regions.includes('US'),
  );
  if (!product) return { specs: [], options: [], assignments: [], variants: [] };
  return {
    // The galvanised finish is the default, so the product can be added with a quantity alone (the
    // project routes of spec §7 carry no spec choices) and is then the galvanised variant.
    specs: [
      {
        id: VARIANT_SPEC_ID,
        name: 'Finish',
        definesVariant: true,
        required: true,
        listOrder: 1,
        defaultOptionId: 'galv',
      },
    ],
    options: OPTIONS.map((o, i) => ({
      specId: VARIANT_SPEC_ID,
      id: o.id,
      value: o.value,
      listOrder: i + 1,
      priceMarkupType: o.markupType,
      priceMarkup: o.markup,
    })),
    assignments: [{ specId: VARIANT_SPEC_ID, productId: product.id }],
    // As POST /products/{id}/variants/generate makes them: ID and name from the product and option IDs.
    variants: OPTIONS.map((o) => ({
      productId: product.id,
      id: `${product.id}-${o.id}`,
      name: `${product.id}-${o.id}`,
      active: true,
      inventoryQuantityAvailable: o.id === 'galv' ? 120 : 15,
      combination: `${VARIANT_SPEC_ID}:${o.id}`,
      specs: [
        {
          SpecID: VARIANT_SPEC_ID,
          Name: 'Finish',
          OptionID: o.id,
          Value: o.value,
          PriceMarkupType: o.markupType,
          PriceMarkup: o.markup === null ? null : Number(o.markup),
        },
      ],
    })),
  };
}
