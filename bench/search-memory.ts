import { generateDataset } from '@catalogue/dataset';
import { loadDataset } from '@catalogue/dataset/load';
import { type Database, openDatabase } from '@catalogue/db';
import { createTestDatabase } from '@catalogue/db/testing';
import { SearchEngine } from '../services/search/src/engine/engine';

/**
 * What the search index costs in memory (issue 21): builds both indexes over a PostgreSQL database holding
 * the demo dataset and reports the heap used (plus array buffers) after a full GC before and after the build, then drops parts
 * of the products index one by one to show what each holds. Not a suite of `npm run bench` (it needs
 * `--expose-gc`): `node --expose-gc --import tsx bench/search-memory.ts [skus…]` (default 3000 100000).
 */

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const collect = gc;

function heapMiB(): number {
  for (let i = 0; i < 3; i++) collect();
  // Typed arrays keep their contents outside the JS heap: both count.
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return (heapUsed + arrayBuffers) / 2 ** 20;
}

const mib = (n: number) => `${n.toFixed(1)} MiB`;

/**
 * A database holding the dataset: the one SEARCH_MEMORY_URL names (loaded before, kept), or a fresh test
 * database (dropped after, unless SEARCH_MEMORY_KEEP=1: its address is printed for the next run).
 */
async function loaded(skus: number): Promise<{ database: Database; done: () => Promise<void> }> {
  const url = process.env.SEARCH_MEMORY_URL;
  if (url) {
    const database = await openDatabase({ driver: 'postgres', url, poolSize: 5, statementTimeoutMs: 0 });
    return { database, done: () => database.close() };
  }
  const database = await createTestDatabase('postgres', undefined, { statementTimeoutMs: 0 });
  // The dataset is dropped before anything is measured.
  await loadDataset(database.db, generateDataset({ skus }));
  if (process.env.SEARCH_MEMORY_KEEP === '1') {
    console.log(`kept ${skus} SKUs at ${database.url}`);
    return { database, done: () => database.close() };
  }
  return { database, done: () => database.dispose() };
}

async function measure(skus: number): Promise<void> {
  const { database, done } = await loaded(skus);
  try {
    const before = heapMiB();
    const started = performance.now();
    const engine = new SearchEngine(database, { cacheEntries: 0, log: () => undefined });
    await engine.ready;
    const ms = performance.now() - started;
    engine.stop();
    const after = heapMiB();
    console.log(
      `${skus} SKUs: ${engine.products.live} products, ${engine.content.live} pages; build ${Math.round(ms)} ms; ` +
        `heap ${mib(before)} → ${mib(after)}: index ${mib(after - before)}`,
    );
    for (const [part, drop] of breakdown(engine)) {
      const was = heapMiB();
      drop();
      console.log(`  ${part}: ${mib(was - heapMiB())}`);
    }
  } finally {
    await done();
  }
}

/** Parts of the products index, each freed in turn (the index is unusable afterwards). */
function breakdown(engine: SearchEngine): [string, () => void][] {
  const index = engine.products;
  // biome-ignore lint/suspicious/noExplicitAny: freeing internals for measurement only
  const loose = index as any;
  return [
    [
      'documents (docs, byKey)',
      () => {
        loose.docs.length = 0;
        index.byKey.clear();
      },
    ],
    [
      'text postings and vocabularies',
      () => {
        for (const language of index.languages.values()) {
          language.name.clear();
          language.description.clear();
          language.words.clear();
          language.sorted = null;
          language.byLength = null;
          language.nameRank = null;
        }
      },
    ],
    ['attribute columns', () => index.columns.clear()],
    ['catalogue numbers', () => index.catalogue.clear()],
    [
      'the rest (content index, trails, categories)',
      () => {
        engine.products = undefined as never;
        engine.content = undefined as never;
      },
    ],
  ];
}

const sizes = process.argv.slice(2).map(Number);
for (const skus of sizes.length > 0 ? sizes : [3000, 100_000]) await measure(skus);
process.exit(0);
