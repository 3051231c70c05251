import { measureTexts } from '@catalogue/drawings/measure';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Measure } from './measure-view';
import { UnitPreferenceProvider } from './unit-preference';

function render(showsMetricToggle: boolean, initialChoice: 'metric' | 'imperial' | null): string {
  return renderToStaticMarkup(
    <UnitPreferenceProvider
      defaultUnitSystem="metric"
      showsMetricToggle={showsMetricToggle}
      initialChoice={initialChoice}
    >
      <Measure text={measureTexts({ value: 50.8, unit: 'mm' }, 'en-US')} />
    </UnitPreferenceProvider>,
  );
}

describe('<Measure>', () => {
  it("shows a value in the locale's default system until the visitor chooses", () => {
    expect(render(true, null)).toContain('50.8\u00a0mm');
    expect(render(true, 'imperial')).toBe(
      '<span class="measure" data-unit-system="imperial">2\u00a0in</span>',
    );
  });

  it('ignores a remembered choice where the locale has no toggle', () => {
    expect(render(false, 'imperial')).toContain('50.8\u00a0mm');
  });
});
