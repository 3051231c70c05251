import type { TestDatabaseContent } from '@catalogue/db/testing';
import { generateDataset } from './generate';
import { loadDataset } from './load/index';

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
