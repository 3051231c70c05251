import { blockWidget } from '../blocks/widget';

/** `html_block` widgets: the block configured for the page URI and locale (services/search/src/blocks). */
export const widget = blockWidget('html_block');
