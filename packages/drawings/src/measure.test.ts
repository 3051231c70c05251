import { describe, expect, it } from 'vitest';
import { convertMeasurement, formatMeasurement, measureTexts } from './measure';

describe('measurements', () => {
  it('keeps metric values and converts to imperial units', () => {
    expect(convertMeasurement({ value: 50.8, unit: 'mm' }, 'metric')).toEqual({ value: 50.8, unit: 'mm' });
    expect(convertMeasurement({ value: 50.8, unit: 'mm' }, 'imperial')).toEqual({ value: 2, unit: 'in' });
    expect(convertMeasurement({ value: 3.048, unit: 'm' }, 'imperial').value).toBeCloseTo(10, 10);
    expect(convertMeasurement({ value: 1, unit: 'kg' }, 'imperial').value).toBeCloseTo(2.20462, 5);
  });

  it("formats in the locale's number format", () => {
    expect(formatMeasurement({ value: 25.4, unit: 'mm' }, 'imperial', 'en-US')).toBe('1\u00a0in');
    expect(formatMeasurement({ value: 1.5, unit: 'm' }, 'metric', 'fr-CA')).toBe('1,5\u00a0m');
    expect(formatMeasurement({ value: 10, unit: 'kg' }, 'imperial', 'de-EU', 1)).toBe('22\u00a0lb');
  });
});

describe('measureTexts', () => {
  it('is the measurement formatted in both unit systems, in the locale', () => {
    expect(measureTexts({ value: 50.8, unit: 'mm' }, 'en-US')).toEqual({
      metric: '50.8\u00a0mm',
      imperial: '2\u00a0in',
    });
    expect(measureTexts({ value: 1.5, unit: 'm' }, 'fr-CA', 3).metric).toBe('1,5\u00a0m');
  });
});
