import { UNIT_SYSTEM_COOKIE } from './unit-system';

/** `document.documentElement.dataset` key (attribute `data-units`) of the visitor's unit choice. */
export const UNITS_DATASET_KEY = 'units';

/**
 * Runs while the page is parsed, before the first paint: copies the visitor's unit choice from its cookie
 * to `<html data-units>`, so a cached page shows the drawing of the chosen system (`.unit-variant` in
 * global.css) from its first paint. The toggle keeps the attribute in step (`unit-preference.tsx`).
 */
export const UNITS_GUARD_SCRIPT = `{const u=/(?:^|;\\s*)${UNIT_SYSTEM_COOKIE}=(metric|imperial)(?:;|$)/.exec(document.cookie);if(u)document.documentElement.dataset.${UNITS_DATASET_KEY}=u[1]}`;
