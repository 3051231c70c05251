import { blockWidget } from '../blocks/widget';

/** `content_block` widgets: the block configured for the page URI and locale (services/search/src/blocks). */
export const widget = blockWidget('content_block');
