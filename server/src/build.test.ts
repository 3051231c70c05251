import { mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { takeBuildLock } from './build';

describe('storefront build lock', () => {
  const dirs: string[] = [];
  const lockPath = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'catalogue-build-lock-'));
    dirs.push(dir);
    return path.join(dir, '.build-lock');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('lets one process build at a time: the second waits until the first releases', async () => {
    const lock = lockPath();
    const order: string[] = [];
    const releaseFirst = await takeBuildLock(lock);
    order.push('first took');
    const second = takeBuildLock(lock).then((release) => {
      order.push('second took');
      release();
    });
    await new Promise((resolve) => setTimeout(resolve, 700));
    order.push('first releases');
    releaseFirst();
    await second;
    expect(order).toEqual(['first took', 'first releases', 'second took']);
  });

  it('takes over a lock left by a build that died long ago', async () => {
    const lock = lockPath();
    mkdirSync(lock);
    const old = new Date(Date.now() - 60 * 60_000);
    utimesSync(lock, old, old);
    const release = await takeBuildLock(lock);
    release();
  });
});
