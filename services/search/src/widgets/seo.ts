import { blockWidget } from '../blocks/widget';

/** `seo` widgets: the block configured for the page URI and locale (services/search/src/blocks). */
export const widget = blockWidget('seo');
