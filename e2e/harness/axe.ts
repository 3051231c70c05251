import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's engine, injected into pages from the installed package (nothing is fetched). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rule tags of WCAG 2.2 level AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The WCAG 2.2 AA violations axe-core finds on the page as it is now, one `rule: targets` line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  // After a client-side navigation the URL changes before Next applies the new page's <title>: wait for
  // one a moment, so the check judges the page, not the instant between (a page without one still fails).
  await page
    .waitForFunction(() => document.title.trim() !== '', undefined, { timeout: 5000 })
    .catch(() => undefined);
  // Evaluated by the browser's debugging protocol, not as an inline script the page's
  // Content-Security-Policy would refuse (it runs no script without the answer's nonce).
  await page.evaluate(axeSource);
  const result = (await page.evaluate(
    (tags) =>
      (
        window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }
      ).axe.run(document, { runOnly: { type: 'tag', values: tags } }),
    WCAG_TAGS,
  )) as { violations: { id: string; nodes: { target: string[] }[] }[] };
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
