import { fileURLToPath } from 'node:url';

/** The repository root and the storefront app, found from this file so any working directory works. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const storefrontDir = fileURLToPath(new URL('../../apps/storefront', import.meta.url));
