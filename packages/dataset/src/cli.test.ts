import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CliUsageError, main, parseCliArgs } from './cli';
import { generateDataset } from './generate';
import { datasetJsonChunks } from './json-output';

describe('parseCliArgs', () => {
  it('uses the defaults without arguments', () => {
    expect(parseCliArgs([])).toEqual({ skus: 3000, seed: 20261122, out: null, help: false });
  });

  it('reads --skus, --seed and --out, with a space or an equals sign', () => {
    expect(parseCliArgs(['--skus', '50', '--seed', '7', '--out', 'x.json'])).toEqual({
      skus: 50,
      seed: 7,
      out: 'x.json',
      help: false,
    });
    expect(parseCliArgs(['--skus=100000', '--seed=-3', '--out=a/b.json'])).toMatchObject({
      skus: 100000,
      seed: -3,
      out: 'a/b.json',
    });
    expect(parseCliArgs(['--help']).help).toBe(true);
  });

  it.each([
    [['--skus', 'abc'], /--skus expects a whole number/],
    [['--skus', '1.5'], /--skus expects a whole number/],
    [['--skus', '0'], /--skus must be from 1 to 100000/],
    [['--skus', '100001'], /--skus must be from 1 to 100000/],
    [['--seed', 'x'], /--seed expects a whole number/],
    [['--skus'], /--skus needs a value/],
    [['--out', '--skus', '5'], /--out needs a value/],
    [['--skus='], /--skus needs a value/],
    [['--size', '5'], /unknown option '--size'/],
    [['-s', '5'], /unexpected argument '-s'/],
    [['50'], /unexpected argument '50'/],
    [['--skus', '5', '--skus', '6'], /given more than once/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(CliUsageError);
    expect(() => parseCliArgs(argv)).toThrow(message);
  });
});

describe('the CLI', () => {
  let dir = '';
  afterEach(() => {
    vi.restoreAllMocks();
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = '';
  });

  const captureStderr = () => {
    const chunks: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      chunks.push(String(chunk));
      return true;
    });
    return chunks;
  };

  it('exits with code 2 and the usage on bad arguments', async () => {
    const stderr = captureStderr();
    expect(await main(['--skus', '-1'])).toBe(2);
    expect(stderr.join('')).toMatch(/error: --skus must be from 1 to 100000[\s\S]*Usage:/);
  });

  it('writes the dataset JSON to --out and prints the counts', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'dataset-cli-'));
    const out = path.join(dir, 'dataset.json');
    const stderr = captureStderr();
    expect(await main(['--skus', '60', '--seed', '5', '--out', out])).toBe(0);
    const written = JSON.parse(readFileSync(out, 'utf8'));
    expect(written.products).toHaveLength(60);
    expect(written.seed).toBe(5);
    const text = stderr.join('');
    expect(text).toMatch(/Categories: \d+ \(L1 6, L2 \d+, L3 \d+, L4 \d+, L5 \d+, L6 \d+\)/);
    expect(text).toMatch(/SKUs: 60 /);
    expect(text).toMatch(/Locales: 10/);
    expect(text).toMatch(/Users: 18 /);
    expect(text).toMatch(/Generated in \d+\.\d+ s/);
    expect(text).toMatch(/Generating products: 100%/);
  });
});

describe('datasetJsonChunks', () => {
  it('produces exactly JSON.stringify(dataset), also with arrays longer than one batch', () => {
    const dataset = generateDataset({ skus: 2500 });
    expect([...datasetJsonChunks(dataset)].join('')).toBe(JSON.stringify(dataset));
  });
});
