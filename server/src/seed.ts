import { generateDataset } from '@catalogue/dataset';
import { loadDataset, loadedDataset } from '@catalogue/dataset/load';
import type { Database } from '@catalogue/db';

/** Loads the demo dataset into an empty database; a database that has one is left as it is. */
export async function seedOnFirstRun(database: Database, skus: number, seed: number): Promise<void> {
  const existing = await loadedDataset(database.db);
  if (existing) {
    console.log(`[server] dataset present: ${existing.skuCount} SKUs, loaded ${existing.loadedAt}`);
    return;
  }
  const started = performance.now();
  console.log(`[server] first run: generating the demo dataset (${skus} SKUs, seed ${seed})`);
  const dataset = generateDataset({ skus, seed });
  let lastReport = 0;
  const meta = await loadDataset(database.db, dataset, {
    onProgress(step, done, total) {
      const now = performance.now();
      if (done === total || now - lastReport > 1000) {
        lastReport = now;
        console.log(`[server] loading ${step}: ${done}/${total}`);
      }
    },
  });
  const rows = Object.values(meta.rows).reduce((a, b) => a + b, 0);
  console.log(
    `[server] dataset loaded: ${rows} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
