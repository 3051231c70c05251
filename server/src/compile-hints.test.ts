import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addCompileHints, COMPILE_HINT, startupChunks } from './compile-hints';

/** A `.next/` folder shaped as Next 16 with Turbopack writes it: two manifests and their chunks. */
function fakeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'catalogue-compile-hints-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  write(
    'build-manifest.json',
    JSON.stringify({
      polyfillFiles: ['static/chunks/polyfill.js'],
      rootMainFiles: ['static/chunks/runtime.js', 'static/chunks/react.js'],
    }),
  );
  const manifest = (route: string, entries: Record<string, string[]>) =>
    [
      'globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};',
      `globalThis.__RSC_MANIFEST[${JSON.stringify(route)}] = ${JSON.stringify({ clientModules: {}, entryJSFiles: entries })};`,
    ].join('\n');
  write(
    'server/app/[locale]/products/[...slugs]/page_client-reference-manifest.js',
    manifest('/[locale]/products/[...slugs]/page', {
      '[project]/apps/storefront/src/app/[locale]/layout': ['static/chunks/shell.js', 'static/css/shell.css'],
      '[project]/apps/storefront/src/app/[locale]/products/[...slugs]/page': [
        'static/chunks/shell.js',
        'static/chunks/family.js',
      ],
    }),
  );
  write(
    'server/app/[locale]/page_client-reference-manifest.js',
    manifest('/[locale]/page', {
      '[project]/apps/storefront/src/app/[locale]/page': ['static/chunks/home.js'],
    }),
  );
  for (const chunk of ['polyfill', 'runtime', 'react', 'shell', 'family', 'home', 'lazy-menu']) {
    write(`static/chunks/${chunk}.js`, `(globalThis.TURBOPACK||[]).push(["${chunk}",()=>{}]);`);
  }
  write('static/css/shell.css', 'body{margin:0}');
  return dir;
}

describe('compile hints for the start-up chunks', () => {
  const dirs: string[] = [];
  const build = () => {
    const dir = fakeBuild();
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("lists Next's root files and every segment's entry scripts, once each, without lazy chunks, polyfills or CSS", () => {
    expect(startupChunks(build())).toEqual([
      'static/chunks/family.js',
      'static/chunks/home.js',
      'static/chunks/react.js',
      'static/chunks/runtime.js',
      'static/chunks/shell.js',
    ]);
  });

  it('puts the hint first in each start-up chunk, keeps the rest of the file, and never twice', () => {
    const dir = build();
    const read = (chunk: string) => readFileSync(path.join(dir, 'static/chunks', chunk), 'utf8');
    const before = read('shell.js');
    expect(addCompileHints(dir)).toBe(5);
    expect(read('shell.js')).toBe(`${COMPILE_HINT}${before}`);
    expect(read('runtime.js').startsWith(COMPILE_HINT)).toBe(true);
    expect(read('lazy-menu.js').startsWith('//')).toBe(false);
    expect(read('polyfill.js').startsWith('//')).toBe(false);

    expect(addCompileHints(dir)).toBe(0);
    expect(read('shell.js')).toBe(`${COMPILE_HINT}${before}`);
  });

  it('skips a listed chunk that is missing and fails on a build without its manifest', () => {
    const dir = build();
    rmSync(path.join(dir, 'static/chunks/home.js'));
    expect(addCompileHints(dir)).toBe(4);
    rmSync(path.join(dir, 'build-manifest.json'));
    expect(() => addCompileHints(dir)).toThrow(/build-manifest\.json/);
  });
});
