import { ensureStorefrontBuild } from './build';

/** `npm run build`: builds the storefront (with --force even when it looks up to date). */
await ensureStorefrontBuild(process.argv.includes('--force') ? 'always' : 'auto');
