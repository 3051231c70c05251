import { allocateSkus, leafOrder, makeRoomForPartners } from './allocate';
import { buildTree, pruneTree, type TreeNode } from './category-tree';
import { loadDataFiles } from './data-files';
import type { DataFiles } from './data-types';
import { indexAttributes, leafSpec } from './leaf-spec';
import type { AttributeDefinition, Dataset, DatasetPriceSchedule, DatasetProduct, Region } from './model';
import { PARTNER_GROUP_ID, partnerProductCount, restrictPartnerProducts } from './partner-products';
import { type ProductContext, productsForLeaf } from './products';
import { Random } from './random';

export const DEFAULT_SKUS = 3000;
export const DEFAULT_SEED = 20261122;
export const MAX_SKUS = 100_000;

export interface GenerateOptions {
  skus?: number;
  seed?: number;
  /** Called while products are generated, with the number done so far and the total. */
  onProgress?: (done: number, total: number) => void;
}

const PROGRESS_EVERY = 2000;

function attributeDefinitions(data: DataFiles): AttributeDefinition[] {
  return data.attributes.map((a) => ({
    id: a.id,
    label: a.label,
    options: a.options.map((o) => ({ code: o.code, label: o.label })),
    unit: a.unit,
  }));
}

/**
 * Builds the demo dataset: the category tree and `skus` products from the data files, plus the regional
 * catalogues, identities and site texts. The same options always give the same dataset.
 */
export function generateDataset(options: GenerateOptions = {}): Dataset {
  const skus = options.skus ?? DEFAULT_SKUS;
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(skus) || skus < 1 || skus > MAX_SKUS)
    throw new RangeError(`skus must be a whole number from 1 to ${MAX_SKUS} (got ${skus})`);
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be a whole number (got ${seed})`);
  const data = loadDataFiles();
  if (!data.identities.userGroups.some((g) => g.id === PARTNER_GROUP_ID))
    throw new Error(`identities.yaml must define the user group '${PARTNER_GROUP_ID}'`);

  const { roots, leaves } = buildTree(data.taxonomy);
  const ordered = leafOrder(leaves, Random.derive(seed, 'leaf-order'));
  const counts = allocateSkus(ordered, skus, Random.derive(seed, 'allocation'));
  const partnerRandom = Random.derive(seed, 'partners');
  const partnerCount = partnerProductCount(skus, partnerRandom);
  makeRoomForPartners(ordered, counts, partnerCount);

  const index = indexAttributes(data.attributes);
  const context: ProductContext = { index, random: Random.derive(seed, 'products'), usedIds: new Set() };
  const products: DatasetProduct[] = [];
  const priceSchedules: DatasetPriceSchedule[] = [];
  let nextReport = 0;
  options.onProgress?.(0, skus);
  for (const leaf of leaves) {
    const count = counts.get(leaf) ?? 0;
    if (count === 0) continue;
    for (const { product, schedule } of productsForLeaf(leafSpec(leaf, index), count, context)) {
      products.push(product);
      priceSchedules.push(schedule);
    }
    if (options.onProgress && products.length >= nextReport && products.length < skus) {
      options.onProgress(products.length, skus);
      nextReport = products.length + PROGRESS_EVERY;
    }
  }
  restrictPartnerProducts(products, partnerCount, partnerRandom);

  const regionsOfLeaf = new Map<TreeNode, Set<Region>>();
  const leafNodes = new Map(leaves.map((l) => [l.node.id, l.node]));
  for (const product of products) {
    const node = leafNodes.get(product.categoryId);
    if (!node) throw new Error(`Product ${product.id} is in unknown category ${product.categoryId}`);
    const set = regionsOfLeaf.get(node) ?? new Set<Region>();
    for (const region of product.regions) set.add(region);
    regionsOfLeaf.set(node, set);
  }
  const categories = pruneTree(roots, regionsOfLeaf);
  options.onProgress?.(skus, skus);

  return {
    seed,
    skuCount: skus,
    locales: data.locales,
    regions: data.regions,
    attributes: attributeDefinitions(data),
    categories,
    products,
    priceSchedules,
    catalogs: data.catalogs,
    buyers: data.identities.buyers,
    userGroups: data.identities.userGroups,
    users: data.identities.users,
    suppliers: data.identities.suppliers,
    apiClients: data.identities.apiClients,
    securityProfiles: data.identities.securityProfiles,
    dictionary: data.dictionary,
    dictionaryOverrides: data.dictionaryOverrides,
    site: data.site,
    content: data.content,
    searchWidgets: data.searchWidgets,
    searchRules: data.searchRules,
  };
}
