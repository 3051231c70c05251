import { blockWidget } from '../blocks/widget';

/** `banner` widgets: the block configured for the page URI and locale (services/search/src/blocks). */
export const widget = blockWidget('banner');
