import type { UnitSystem } from '@catalogue/dataset/model';

/** Metric units measurements are stored in, the imperial unit each one is shown in, and its size. */
const CONVERSIONS = {
  mm: { imperial: 'in', perImperial: 25.4 },
  m: { imperial: 'ft', perImperial: 0.3048 },
  kg: { imperial: 'lb', perImperial: 0.453_592_37 },
  l: { imperial: 'gal', perImperial: 3.785_411_784 },
} as const;

export type MetricUnit = keyof typeof CONVERSIONS;
export type DisplayUnit = MetricUnit | (typeof CONVERSIONS)[MetricUnit]['imperial'];

/** A measurement as the data holds it: a number in a metric unit. */
export interface Measurement {
  value: number;
  unit: MetricUnit;
}

/** A measurement converted to the visitor's unit system. */
export function convertMeasurement(
  { value, unit }: Measurement,
  system: UnitSystem,
): { value: number; unit: DisplayUnit } {
  if (system === 'metric') return { value, unit };
  const conversion = CONVERSIONS[unit];
  return { value: value / conversion.perImperial, unit: conversion.imperial };
}

/**
 * A measurement as text in a unit system and a locale's number format, at most `fractionDigits`
 * decimals (default 2): `formatMeasurement({value: 25.4, unit: 'mm'}, 'imperial', 'en-US')` → `1 in`,
 * `formatMeasurement({value: 1.5, unit: 'm'}, 'metric', 'fr-CA')` → `1,5 m`.
 */
export function formatMeasurement(
  measurement: Measurement,
  system: UnitSystem,
  locale: string,
  fractionDigits = 2,
): string {
  const { value, unit } = convertMeasurement(measurement, system);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: fractionDigits }).format(value);
  return `${number}\u00a0${unit}`;
}

/** A measurement's text in each unit system (what `<Measure>` shows, picked by the visitor's choice). */
export type MeasureTexts = Record<UnitSystem, string>;

/** `formatMeasurement` in both unit systems: `measureTexts({value: 50.8, unit: 'mm'}, 'en-US')` → 50.8 mm / 2 in. */
export function measureTexts(measurement: Measurement, locale: string, fractionDigits = 2): MeasureTexts {
  return {
    metric: formatMeasurement(measurement, 'metric', locale, fractionDigits),
    imperial: formatMeasurement(measurement, 'imperial', locale, fractionDigits),
  };
}
