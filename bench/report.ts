import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** docs/BENCHMARKS.md */
export const BENCHMARKS = fileURLToPath(new URL('../docs/BENCHMARKS.md', import.meta.url));

/** Replaces the text between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->` (appends the section if new). */
export function writeSection(name: string, markdown: string): void {
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const current = readFileSync(BENCHMARKS, 'utf8');
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from !== -1 && to > from
      ? current.slice(0, from) + block + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(BENCHMARKS, next);
}
