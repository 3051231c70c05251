import { catalogueBench } from './catalogue';
import { coldBench } from './cold';
import { commerceBench } from './commerce';
import { foundationBench } from './foundation';
import { lighthouseBench } from './lighthouse';
import { ordersBench } from './orders';
import { pagesBench } from './pages';
import { quotesBench } from './quotes';
import { writeSection } from './report';
import { searchBench } from './search';

/** `npm run bench [-- suite…]`: runs the named suites (all by default) and writes docs/BENCHMARKS.md. */
const suites: Record<string, () => Promise<string>> = {
  foundation: foundationBench,
  commerce: commerceBench,
  catalogue: catalogueBench,
  orders: ordersBench,
  pages: pagesBench,
  lighthouse: () => lighthouseBench('mobile'),
  'lighthouse-desktop': () => lighthouseBench('desktop'),
  search: searchBench,
  cold: coldBench,
  quotes: quotesBench,
};

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !(name in suites));
if (unknown.length > 0) {
  console.error(
    `Unknown benchmark suite(s): ${unknown.join(', ')}. Known: ${Object.keys(suites).join(', ')}`,
  );
  process.exit(2);
}
for (const name of requested.length > 0 ? requested : Object.keys(suites)) {
  const run = suites[name];
  if (!run) continue;
  console.log(`--- ${name}`);
  const markdown = await run();
  writeSection(name, markdown);
  console.log(markdown);
}
