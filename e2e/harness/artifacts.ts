import { mkdirSync } from 'node:fs';
import path from 'node:path';

/** Where a test's screenshot goes: `e2e/artifacts/<name>` (the folder made when missing). */
export function artifactPath(name: string): string {
  const folder = path.join(import.meta.dirname, '..', 'artifacts');
  mkdirSync(folder, { recursive: true });
  return path.join(folder, name);
}
