'use client';

import type { MeasuredValue } from '@catalogue/dataset/model';
import { useUnitSystem } from '../units/unit-preference';

/** A trade size (stored as text in both systems) in the visitor's unit system, following the toggle. */
export function TradeSize({ value }: { value: MeasuredValue }) {
  const { system } = useUnitSystem();
  return (
    <span className="measure" data-unit-system={system}>
      {value[system]}
    </span>
  );
}
