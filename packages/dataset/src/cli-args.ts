import { DEFAULT_SEED, DEFAULT_SKUS, MAX_SKUS } from './generate';

export interface CliOptions {
  skus: number;
  seed: number;
  /** File to write the dataset JSON to; null writes it to standard output. */
  out: string | null;
  help: boolean;
}

/** A bad command line; the CLI prints the message with the usage and exits with code 2. */
export class CliUsageError extends Error {
  override name = 'CliUsageError';
}

export const USAGE = `Usage: node --import tsx packages/dataset/src/cli.ts [--skus N] [--seed S] [--out file.json]

  --skus N     number of products, 1 to ${MAX_SKUS} (default ${DEFAULT_SKUS})
  --seed S     seed of the random generator, a whole number (default ${DEFAULT_SEED})
  --out FILE   write the dataset JSON to FILE (default: standard output)
  --help       show this help`;

const INTEGER = /^-?\d+$/;

function integer(flag: string, value: string): number {
  if (!INTEGER.test(value)) throw new CliUsageError(`${flag} expects a whole number, got '${value}'`);
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new CliUsageError(`${flag} is out of range: ${value}`);
  return n;
}

/** Parses the CLI's arguments (without the node and script paths); throws CliUsageError on bad input. */
export function parseCliArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = { skus: DEFAULT_SKUS, seed: DEFAULT_SEED, out: null, help: false };
  const seen = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') {
      options.help = true;
      continue;
    }
    if (!arg.startsWith('--')) throw new CliUsageError(`unexpected argument '${arg}'`);
    const equals = arg.indexOf('=');
    const flag = equals === -1 ? arg : arg.slice(0, equals);
    if (flag !== '--skus' && flag !== '--seed' && flag !== '--out')
      throw new CliUsageError(`unknown option '${flag}'`);
    if (seen.has(flag)) throw new CliUsageError(`${flag} is given more than once`);
    seen.add(flag);
    let value: string | undefined;
    if (equals !== -1) {
      value = arg.slice(equals + 1);
    } else {
      value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) value = undefined;
      else i++;
    }
    if (value === undefined || value === '') throw new CliUsageError(`${flag} needs a value`);
    if (flag === '--skus') {
      const skus = integer(flag, value);
      if (skus < 1 || skus > MAX_SKUS)
        throw new CliUsageError(`--skus must be from 1 to ${MAX_SKUS}, got ${skus}`);
      options.skus = skus;
    } else if (flag === '--seed') {
      options.seed = integer(flag, value);
    } else {
      options.out = value;
    }
  }
  return options;
}
