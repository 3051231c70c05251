import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The file transports (mail as `.eml`, marketing pushes as `.json`) write each file whole or not at all:
 * a temporary file beside it, renamed into place. A process killed between the two leaves the temporary
 * file behind; `removeStaleTemporaryFiles` clears those when a worker starts (issue 20 item 10).
 */

/** The temporary file of `name` in `dir` for this process: `.<name>.<pid>.tmp`. */
export function temporaryFileOf(dir: string, name: string): string {
  return path.join(dir, `.${name}.${process.pid}.tmp`);
}

const TEMPORARY = /^\..+\.\d+\.tmp$/;

/**
 * Removes the temporary files in `dir` last written more than `olderThanMs` ago, and answers their names.
 * A younger one may be a file another running worker (of this or another instance sharing the folder) is
 * writing right now, so it stays; a missing folder holds nothing to remove.
 */
export async function removeStaleTemporaryFiles(
  dir: string,
  olderThanMs: number,
  now = Date.now(),
): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const removed: string[] = [];
  for (const name of names.filter((n) => TEMPORARY.test(n))) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || now - info.mtimeMs <= olderThanMs) continue;
    await rm(file, { force: true });
    removed.push(name);
  }
  return removed;
}
