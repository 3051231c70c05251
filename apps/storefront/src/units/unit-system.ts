import type { UnitSystem } from '@catalogue/dataset/model';

/** The cookie remembering the visitor's choice of units (read by the server too, so pages render in it). */
export const UNIT_SYSTEM_COOKIE = 'unit_system';

export function unitSystemOf(value: string | null | undefined): UnitSystem | null {
  return value === 'metric' || value === 'imperial' ? value : null;
}

/**
 * The unit system a page shows: the visitor's choice where the locale offers the metric/imperial toggle,
 * otherwise (and before any choice) the locale's default.
 */
export function effectiveUnitSystem(
  locale: { defaultUnitSystem: UnitSystem; showsMetricToggle: boolean },
  choice: UnitSystem | null,
): UnitSystem {
  return locale.showsMetricToggle && choice ? choice : locale.defaultUnitSystem;
}
