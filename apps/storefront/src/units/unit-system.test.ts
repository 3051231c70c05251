import { describe, expect, it } from 'vitest';
import { effectiveUnitSystem, unitSystemOf } from './unit-system';

describe('effectiveUnitSystem', () => {
  const us = { defaultUnitSystem: 'imperial', showsMetricToggle: true } as const;
  const gb = { defaultUnitSystem: 'metric', showsMetricToggle: false } as const;

  it("uses the locale's default until the visitor chooses", () => {
    expect(effectiveUnitSystem(us, null)).toBe('imperial');
    expect(effectiveUnitSystem(us, 'metric')).toBe('metric');
  });

  it('ignores a remembered choice where the locale has no toggle', () => {
    expect(effectiveUnitSystem(gb, 'imperial')).toBe('metric');
  });

  it('reads only known cookie values', () => {
    expect(unitSystemOf('metric')).toBe('metric');
    expect(unitSystemOf('furlongs')).toBeNull();
    expect(unitSystemOf(null)).toBeNull();
  });
});
