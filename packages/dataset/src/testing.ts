import type { TestDatabaseContent } from '@catalogue/db/testing';
import { generateDataset } from './generate';
import { loadDataset } from './load/index';
import { inventoryColumns, variantRows } from './load/stock';
import type { Dataset } from './model';

/**
 * Test database content: the demo dataset with `skus` SKUs, loaded as `npm start` loads it. With
 * `createTestDatabase(driver, datasetContent(n))` it is loaded once per run and copied after that.
 */
export function datasetContent(skus: number): TestDatabaseContent {
  return {
    key: `dataset-${skus}`,
    async fill(database) {
      await loadDataset(database.db, generateDataset({ skus }));
    },
  };
}

/**
 * Products of which any quantity up to `quantity` can be ordered: sold by the piece (quantity multiplier
 * 1), no required spec (variants), and either made to order or with at least `quantity` in stock (the
 * demo stock is derived from the ID, load/stock.ts).
 */
export function productsSoldByThePiece(dataset: Dataset, quantity: number): Set<string> {
  const usable = new Set(
    dataset.products
      .filter((p) => p.quantityMultiplier === 1)
      .filter((p) => {
        const stock = inventoryColumns(p);
        return (
          !('inventoryQuantityAvailable' in stock) || (stock.inventoryQuantityAvailable ?? 0) >= quantity
        );
      })
      .map((p) => p.id),
  );
  for (const row of variantRows(dataset).assignments) usable.delete(row.productId);
  return usable;
}
