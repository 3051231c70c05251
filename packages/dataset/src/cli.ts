import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { CliUsageError, parseCliArgs, USAGE } from './cli-args';
import { DataFileError } from './data-files';
import { generateDataset } from './generate';
import { writeDatasetFile, writeDatasetStream } from './json-output';
import type { Dataset } from './model';

export { CliUsageError, parseCliArgs } from './cli-args';

/**
 * Generates the demo dataset and writes it as JSON:
 *   node --import tsx packages/dataset/src/cli.ts [--skus N] [--seed S] [--out file.json]
 * Progress and counts go to standard error, so the JSON can go to standard output.
 */

type Progress = (done: number, total: number) => void;

/** A percentage updated in place on a terminal; a plain line every 10 % otherwise (CI logs). */
function progressReporter(stream: NodeJS.WriteStream): { report: Progress; finish: () => void } {
  let last = -1;
  if (stream.isTTY) {
    return {
      report(done, total) {
        const percent = Math.floor((done / total) * 100);
        if (percent === last) return;
        last = percent;
        stream.write(`\rGenerating products: ${String(percent).padStart(3)}% (${done}/${total})`);
      },
      finish: () => stream.write('\n'),
    };
  }
  return {
    report(done, total) {
      const step = Math.floor((done / total) * 10) * 10;
      if (step === last) return;
      last = step;
      stream.write(`Generating products: ${step}% (${done}/${total})\n`);
    },
    finish: () => undefined,
  };
}

export function summary(dataset: Dataset): string[] {
  const levels = new Map<number, number>();
  for (const c of dataset.categories) levels.set(c.level, (levels.get(c.level) ?? 0) + 1);
  const perLevel = [...levels.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([level, n]) => `L${level} ${n}`)
    .join(', ');
  const active = dataset.products.filter((p) => p.active).length;
  const partner = dataset.products.filter((p) => p.visibleToUserGroup !== null).length;
  return [
    `Categories: ${dataset.categories.length} (${perLevel})`,
    `SKUs: ${dataset.products.length} (${active} active, ${partner} partner-only), seed ${dataset.seed}`,
    `Locales: ${dataset.locales.length}, regions: ${dataset.regions.length}, catalogs: ${dataset.catalogs.length}`,
    `Users: ${dataset.users.length} in ${dataset.buyers.length} buyer companies and the seller`,
  ];
}

export async function main(argv: readonly string[]): Promise<number> {
  let options: ReturnType<typeof parseCliArgs>;
  try {
    options = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    process.stderr.write(`error: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const started = performance.now();
  const progress = progressReporter(process.stderr);
  let dataset: Dataset;
  try {
    dataset = generateDataset({ skus: options.skus, seed: options.seed, onProgress: progress.report });
  } catch (error) {
    if (!(error instanceof DataFileError)) throw error;
    progress.finish();
    process.stderr.write(`error in the data files: ${error.message}\n`);
    return 1;
  }
  progress.finish();
  const generated = performance.now();
  if (options.out) {
    writeDatasetFile(dataset, options.out);
  } else {
    try {
      await writeDatasetStream(dataset, process.stdout);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EPIPE') throw error;
      process.stderr.write('standard output was closed before the dataset was written\n');
      return 1;
    }
  }
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const lines = summary(dataset);
  const where = options.out
    ? `${options.out} (${(statSync(options.out).size / 1e6).toFixed(1)} MB)`
    : 'standard output';
  lines.push(
    `Generated in ${seconds(generated - started)}, written to ${where} in ${seconds(performance.now() - generated)}`,
  );
  process.stderr.write(`${lines.join('\n')}\n`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
