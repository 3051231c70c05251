'use client';

import { formatMeasurement, type Measurement } from './measure';
import { useUnitSystem } from './unit-preference';

interface MeasureProps extends Measurement {
  /** BCP 47 locale of the page, for the number format. */
  locale: string;
  fractionDigits?: number;
}

/**
 * A measurement in the visitor's unit system (`<Measure value={50.8} unit="mm" locale="en-US" />` →
 * `2 in` or `50.8 mm`), following the header's toggle as soon as it changes.
 */
export function Measure({ value, unit, locale, fractionDigits }: MeasureProps) {
  const { system } = useUnitSystem();
  return (
    <span className="measure" data-unit-system={system}>
      {formatMeasurement({ value, unit }, system, locale, fractionDigits)}
    </span>
  );
}
