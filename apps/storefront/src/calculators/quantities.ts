import type { UnitSystem } from '@catalogue/dataset/model';

/**
 * The physical quantities of the calculators: what is stored (mm, mm², kg/m, kg, N·mm, MPa), the unit
 * each one is entered and shown in per unit system, and the conversions. Calculations never see anything
 * but the stored units.
 */

export const STANDARD_GRAVITY = 9.806_65;
const MM_PER_IN = 25.4;
const MM_PER_FT = 304.8;
const KG_PER_LB = 0.453_592_37;
const N_PER_LBF = KG_PER_LB * STANDARD_GRAVITY;

interface Dimension {
  /** Stored value × factor = shown value. */
  factor: Record<UnitSystem, number>;
  unit: Record<UnitSystem, string>;
  digits: Record<UnitSystem, number>;
}

export const DIMENSIONS = {
  /** Diameters and deflections (stored in mm). */
  small: {
    factor: { metric: 1, imperial: 1 / MM_PER_IN },
    unit: { metric: 'mm', imperial: 'in' },
    digits: { metric: 1, imperial: 3 },
  },
  /** Spans (stored in mm). */
  span: {
    factor: { metric: 1 / 1000, imperial: 1 / MM_PER_FT },
    unit: { metric: 'm', imperial: 'ft' },
    digits: { metric: 2, imperial: 2 },
  },
  /** Cross-sections (stored in mm²). */
  area: {
    factor: { metric: 1, imperial: 1 / MM_PER_IN ** 2 },
    unit: { metric: 'mm²', imperial: 'in²' },
    digits: { metric: 1, imperial: 4 },
  },
  /** Distributed loads (stored in kg/m). */
  uniformLoad: {
    factor: { metric: 1, imperial: MM_PER_FT / 1000 / KG_PER_LB },
    unit: { metric: 'kg/m', imperial: 'lb/ft' },
    digits: { metric: 1, imperial: 1 },
  },
  /** Point loads (stored in kg). */
  pointLoad: {
    factor: { metric: 1, imperial: 1 / KG_PER_LB },
    unit: { metric: 'kg', imperial: 'lb' },
    digits: { metric: 1, imperial: 1 },
  },
  /** Bending moments (stored in N·mm). */
  moment: {
    factor: { metric: 1 / 1000, imperial: 1 / (N_PER_LBF * MM_PER_FT) },
    unit: { metric: 'N·m', imperial: 'lb·ft' },
    digits: { metric: 0, imperial: 0 },
  },
  /** Stresses (stored in MPa). */
  stress: {
    factor: { metric: 1, imperial: 1 / 0.006_894_757_293 },
    unit: { metric: 'MPa', imperial: 'psi' },
    digits: { metric: 1, imperial: 0 },
  },
} as const satisfies Record<string, Dimension>;

export type DimensionName = keyof typeof DIMENSIONS;

/** A stored value in the unit system's unit (a number, not rounded). */
export function toDisplay(dimension: DimensionName, stored: number, system: UnitSystem): number {
  return stored * DIMENSIONS[dimension].factor[system];
}

/** A value entered in the unit system's unit, in the stored unit. */
export function fromDisplay(dimension: DimensionName, shown: number, system: UnitSystem): number {
  return shown / DIMENSIONS[dimension].factor[system];
}

export function unitOf(dimension: DimensionName, system: UnitSystem): string {
  return DIMENSIONS[dimension].unit[system];
}

/** A stored value as text in the unit system and the locale's number format: `0.622 in`, `15,8 mm`. */
export function formatQuantity(
  dimension: DimensionName,
  stored: number,
  system: UnitSystem,
  locale: string,
): string {
  const digits = DIMENSIONS[dimension].digits[system];
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(
    toDisplay(dimension, stored, system),
  );
  return `${number}\u00a0${unitOf(dimension, system)}`;
}

/** A stored value rounded for an input field (plain digits, dot as decimal separator). */
export function inputValue(dimension: DimensionName, stored: number, system: UnitSystem): string {
  const digits = DIMENSIONS[dimension].digits[system] + 1;
  return String(Number(toDisplay(dimension, stored, system).toFixed(digits)));
}

/** A percentage (13.1 → `13.1%`, `13,1 %`) in the locale's format. */
export function formatPercent(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
}

/**
 * A number as a person types it: `1.5`, `1,5` (decimal comma) or `1 500`; null for anything else
 * (`abc`, `1.2.3`, `∞`, empty). Thousands separators are only accepted as spaces.
 */
export function parseDecimal(text: string | null | undefined): number | null {
  if (typeof text !== 'string') return null;
  const compact = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(compact)) return null;
  const value = Number(compact.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}
