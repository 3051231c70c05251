import { describe, expect, it } from 'vitest';
import { formatTime12h } from './time-format';

const at = (hours: number, minutes: number) => new Date(Date.UTC(2026, 10, 22, hours, minutes));

describe('formatTime12h', () => {
  it('writes times in 12-hour format with AM/PM', () => {
    expect(formatTime12h(at(9, 5), 'UTC')).toBe('9:05 AM');
    expect(formatTime12h(at(15, 30), 'UTC')).toBe('3:30 PM');
    expect(formatTime12h(at(23, 59), 'UTC')).toBe('11:59 PM');
  });

  it('calls noon 12 PM and midnight 12 AM', () => {
    expect(formatTime12h(at(12, 0), 'UTC')).toBe('12:00 PM');
    expect(formatTime12h(at(0, 30), 'UTC')).toBe('12:30 AM');
  });

  it('converts to the given time zone', () => {
    expect(formatTime12h(at(15, 0), 'America/Toronto')).toBe('10:00 AM');
    expect(formatTime12h(at(15, 0), 'Europe/Amsterdam')).toBe('4:00 PM');
  });

  it('refuses an invalid date', () => {
    expect(() => formatTime12h(new Date('nope'), 'UTC')).toThrow(RangeError);
  });
});
