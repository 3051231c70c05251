import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { createContext, runInContext } from 'node:vm';

/**
 * V8's per-file explicit compile hint (Chromium 136+; https://v8.dev/blog/explicit-compile-hints). With
 * this comment first in a script, the browser compiles all of the script's functions on the background
 * thread that streams it, instead of compiling each one lazily on the main thread when it is first
 * called. Other browsers ignore the comment: it does not change what the script does.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * The chunks a page runs at start-up: Next's root files (its runtime, React, the App Router and the
 * bootstrap) and every route segment's entry files, from the build's manifests. Chunks loaded later
 * (dynamic imports, the tracking scripts) are not among them. Paths are relative to `.next/`.
 */
export function startupChunks(nextDir: string): string[] {
  const chunks = new Set<string>();
  const buildManifest = JSON.parse(readFileSync(path.join(nextDir, 'build-manifest.json'), 'utf8')) as {
    rootMainFiles?: unknown;
  };
  for (const file of stringList(buildManifest.rootMainFiles)) chunks.add(file);
  for (const file of entryFiles(clientReferenceManifests(path.join(nextDir, 'server', 'app'))))
    chunks.add(file);
  return [...chunks].filter((file) => file.startsWith('static/') && file.endsWith('.js')).sort();
}

/**
 * Puts the compile hint first in every start-up chunk of the build that lacks it. Idempotent: run after
 * every build and at every start (a build interrupted between `next build` and this step is mended).
 * Each file is replaced by a rename, so a server reading it meanwhile gets the old or the new whole file.
 * Returns the number of files changed.
 */
export function addCompileHints(nextDir: string): number {
  let changed = 0;
  for (const chunk of startupChunks(nextDir)) {
    const file = path.join(nextDir, chunk);
    if (!existsSync(file)) continue;
    if (startsWithHint(file)) continue;
    const body = readFileSync(file);
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, Buffer.concat([Buffer.from(COMPILE_HINT, 'latin1'), body]));
    renameSync(temporary, file);
    changed++;
  }
  return changed;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function clientReferenceManifests(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('_client-reference-manifest.js'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Reads only the file's first bytes: at every start most chunks already have the hint. */
function startsWithHint(file: string): boolean {
  const head = Buffer.alloc(COMPILE_HINT.length);
  const fd = openSync(file, 'r');
  try {
    return readSync(fd, head, 0, head.length, 0) === head.length && head.toString('latin1') === COMPILE_HINT;
  } finally {
    closeSync(fd);
  }
}

/**
 * A client reference manifest is a script that assigns `globalThis.__RSC_MANIFEST[route]`. All of them
 * run in one empty context (no Node globals), and the `entryJSFiles` of every route's segments are returned.
 */
function entryFiles(manifests: string[]): string[] {
  const context = createContext({}) as { __RSC_MANIFEST?: Record<string, { entryJSFiles?: unknown }> };
  for (const file of manifests) {
    runInContext(readFileSync(file, 'utf8'), context, { filename: file, timeout: 1000 });
  }
  return Object.values(context.__RSC_MANIFEST ?? {}).flatMap((route) =>
    Object.values((route.entryJSFiles ?? {}) as Record<string, unknown>).flatMap(stringList),
  );
}
