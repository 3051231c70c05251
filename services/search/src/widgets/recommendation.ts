import { recommend } from '../recommend/widget';
import type { WidgetDefinition } from './registry';

/** Recommendations (rfkid_1 similar, rfkid_2 trending, …): recipes of services/search/src/recommend. */
export const widget: WidgetDefinition = { type: 'recommendation', handle: recommend };
