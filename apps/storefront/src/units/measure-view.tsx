'use client';

import type { MeasureTexts } from '@catalogue/drawings/measure';
import { useUnitSystem } from './unit-preference';

/**
 * A measurement in the visitor's unit system, following the header's toggle as soon as it changes. The
 * texts are formatted on the server (`measureTexts`): the browser only picks one, so hydrating a SKU table
 * creates no `Intl.NumberFormat` (the first ones cost ≈ 25 ms of a family page's hydration in Chromium).
 */
export function Measure({ text }: { text: MeasureTexts }) {
  const { system } = useUnitSystem();
  return (
    <span className="measure" data-unit-system={system}>
      {text[system]}
    </span>
  );
}
