import { placeSeoBlocks, SEO_COPY_ATTRIBUTE } from './server-blocks-follow';

/**
 * The inline script that puts a page's SEO blocks at the start of `<head>` while the page is parsed
 * (spec §2), before the first paint and before any framework script: `placeSeoBlocks`'s own source, so
 * the first load and client-side navigations place them with the same code. Built on the server from a
 * constant function: no visitor input.
 */
export const SEO_PLACEMENT_SCRIPT = `(${placeSeoBlocks.toString()})(document, ${JSON.stringify(SEO_COPY_ATTRIBUTE)});`;
