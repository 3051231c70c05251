'use client';

import type { UnitSystem } from '@catalogue/dataset/model';
import { useUnitSystem } from './unit-preference';

interface UnitToggleProps {
  /** Group label, e.g. "Units". */
  label: string;
  metricLabel: string;
  imperialLabel: string;
}

/**
 * The metric/imperial switch: two toggle buttons in a labelled group, the pressed one in force. Renders
 * nothing in locales without the toggle (locale data `showsMetricToggle`). The choice is kept in a
 * cookie for a year and applies to every measurement on the site at once.
 */
export function UnitToggle({ label, metricLabel, imperialLabel }: UnitToggleProps) {
  const { system, togglable, choose } = useUnitSystem();
  if (!togglable) return null;
  const option = (value: UnitSystem, text: string) => (
    <button type="button" aria-pressed={system === value} onClick={() => choose(value)}>
      {text}
    </button>
  );
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would need a legend inside the header bar; role=group with a label is the toolbar-button pattern
    <div className="unit-toggle" role="group" aria-label={label}>
      {option('metric', metricLabel)}
      {option('imperial', imperialLabel)}
    </div>
  );
}
