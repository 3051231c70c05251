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

/** The demo variants: the product's own finish (the default) and a coated one that costs more. */
const OPTIONS = [
  { id: 'galv', finish: 'hot-dip-galvanized', markupType: 'NoMarkup', markup: null },
  { id: 'pvc', finish: 'pvc-coated', markupType: 'AmountPerQuantity', markup: '4.5' },
] as const;

const familyOf = (product: DatasetProduct) => product.categoryId.split('.').slice(0, 3).join('.');

/**
 * The demo variant product: a public US product whose own finish is the first option's, in a family that
 * also makes the second, so the spec never contradicts the product it is on (issue 22 item 9).
 */
function variantProduct(dataset: Dataset): DatasetProduct | undefined {
  const coatedFamilies = new Set(
    dataset.products.filter((p) => p.attributes.finish === OPTIONS[1].finish).map(familyOf),
  );
  return dataset.products.find(
    (p) =>
      p.active &&
      p.visibleToUserGroup === null &&
      p.regions.includes('US') &&
      p.attributes.finish === OPTIONS[0].finish &&
      coatedFamilies.has(familyOf(p)),
  );
}

/** The spec, its options, its product assignment and the variants of the demo variant product. */
export function variantRows(dataset: Dataset) {
  const product = variantProduct(dataset);
  const finish = dataset.attributes.find((a) => a.id === 'finish');
  if (!product || !finish) return { specs: [], options: [], assignments: [], variants: [] };
  // OrderCloud's Name and Value are one text: English there, every language in xp for the pages.
  const labelOf = (code: string) => finish.options.find((o) => o.code === code)?.label ?? finish.label;
  const options = OPTIONS.map((o) => ({ ...o, labels: labelOf(o.finish) }));
  return {
    // The product's own finish is the default, so the product can be added with a quantity alone (the
    // project routes of spec §7 carry no spec choices) and is then that variant.
    specs: [
      {
        id: VARIANT_SPEC_ID,
        name: finish.label.en,
        definesVariant: true,
        required: true,
        listOrder: 1,
        defaultOptionId: 'galv',
        xp: { Names: finish.label },
      },
    ],
    options: options.map((o, i) => ({
      specId: VARIANT_SPEC_ID,
      id: o.id,
      value: o.labels.en,
      listOrder: i + 1,
      priceMarkupType: o.markupType,
      priceMarkup: o.markup,
      xp: { Labels: o.labels },
    })),
    assignments: [{ specId: VARIANT_SPEC_ID, productId: product.id }],
    // As POST /products/{id}/variants/generate makes them: ID and name from the product and option IDs.
    variants: options.map((o) => ({
      productId: product.id,
      id: `${product.id}-${o.id}`,
      name: `${product.id}-${o.id}`,
      active: true,
      inventoryQuantityAvailable: o.id === 'galv' ? 120 : 15,
      combination: `${VARIANT_SPEC_ID}:${o.id}`,
      specs: [
        {
          SpecID: VARIANT_SPEC_ID,
          Name: finish.label.en,
          OptionID: o.id,
          Value: o.labels.en,
          PriceMarkupType: o.markupType,
          PriceMarkup: o.markup === null ? null : Number(o.markup),
        },
      ],
    })),
  };
}
