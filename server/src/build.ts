import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { addCompileHints } from './compile-hints';
import { repoRoot, storefrontDir } from './paths';

/** Folders whose files end up in the storefront build; a change in any of them makes the build stale. */
const SOURCE_DIRS = [
  'apps/storefront/src',
  'apps/storefront/public',
  'packages/db/src',
  'packages/dataset/src',
  'packages/drawings/src',
  // The quote documents (`@catalogue/outbox/documents`) are rendered by the storefront's download route.
  'packages/outbox/src',
];
const SOURCE_FILES = ['apps/storefront/next.config.ts', 'apps/storefront/package.json', 'package-lock.json'];

export type BuildDecision = { build: false } | { build: true; reason: string };

/** Decides whether `next build` must run: no build yet, or a source file is newer than the build. */
export function storefrontBuildDecision(root = repoRoot): BuildDecision {
  const buildId = path.join(root, 'apps/storefront/.next/BUILD_ID');
  if (!existsSync(buildId)) return { build: true, reason: 'no storefront build yet' };
  const builtAt = statSync(buildId).mtimeMs;
  const newer = newestSource(root, builtAt);
  return newer ? { build: true, reason: `${newer} changed since the last build` } : { build: false };
}

function newestSource(root: string, since: number): string | null {
  for (const file of SOURCE_FILES) {
    const full = path.join(root, file);
    if (existsSync(full) && statSync(full).mtimeMs > since) return file;
  }
  for (const dir of SOURCE_DIRS) {
    const found = newerIn(path.join(root, dir), since);
    if (found) return path.relative(root, found);
  }
  return null;
}

function newerIn(dir: string, since: number): string | null {
  if (!existsSync(dir)) return null;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const found = newerIn(full, since);
      if (found) return found;
    } else if (statSync(full).mtimeMs > since) {
      return full;
    }
  }
  return null;
}

/** Runs `next build` for the storefront, streaming its output; rejects when it fails. */
export function buildStorefront(): Promise<void> {
  const nextBin = path.join(repoRoot, 'node_modules/next/dist/bin/next');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin, 'build'], {
      cwd: storefrontDir,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`next build failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

/**
 * Builds when needed (mode `auto`), always, or never (then a missing build is an error), and then puts
 * V8's compile hint into the build's start-up chunks (`compile-hints.ts`).
 */
export async function ensureStorefrontBuild(mode: 'auto' | 'never' | 'always'): Promise<void> {
  const decide = (): BuildDecision =>
    mode === 'always' ? { build: true, reason: 'forced' } : storefrontBuildDecision();
  const first = decide();
  if (first.build) {
    if (mode === 'never') {
      throw new Error(`The storefront must be built (${first.reason}) but STOREFRONT_BUILD=never.`);
    }
    // Two servers starting at once (two terminals, or parallel test files) must not both write
    // `.next`: one builds, the other waits and then finds the build fresh.
    const release = await takeBuildLock();
    try {
      const decision = decide();
      if (decision.build) {
        console.log(`[server] building the storefront: ${decision.reason}`);
        const started = performance.now();
        await buildStorefront();
        console.log(`[server] storefront built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
    } finally {
      release();
    }
  }
  hintStartupChunks();
}

/** The hint only speeds up the start of pages: a build it cannot be written into (read-only) still serves. */
function hintStartupChunks(): void {
  try {
    addCompileHints(path.join(storefrontDir, '.next'));
  } catch (error) {
    console.warn(
      `[server] could not add compile hints to the storefront's start-up chunks: ${String(error)}`,
    );
  }
}

/** A lock older than this is left over from a build that died; a build takes a few minutes. */
const STALE_LOCK_MS = 20 * 60_000;

/** Takes the build lock (a directory: creating it is atomic), waiting while another process holds it. */
export async function takeBuildLock(lockDir = path.join(storefrontDir, '.build-lock')): Promise<() => void> {
  let told = false;
  for (;;) {
    try {
      mkdirSync(lockDir);
      return () => rmSync(lockDir, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const since = lockAge(lockDir);
    if (since !== null && since > STALE_LOCK_MS) {
      console.log(`[server] removing a stale storefront build lock (${Math.round(since / 60_000)} min old)`);
      rmSync(lockDir, { recursive: true, force: true });
      continue;
    }
    if (!told) {
      console.log('[server] another process is building the storefront; waiting for it');
      told = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function lockAge(lockDir: string): number | null {
  try {
    return Date.now() - statSync(lockDir).mtimeMs;
  } catch {
    return null;
  }
}
