import { describe, expect, it } from 'vitest';
import { draftProblems, projectName, submittedAt } from './project-form';
import { parseQuantity } from './quantity';

describe('project form checks', () => {
  it('accepts whole quantities from 1 to 999999 only', () => {
    expect(parseQuantity('12')).toBe(12);
    expect(parseQuantity(' 3 ')).toBe(3);
    expect(parseQuantity('999999')).toBe(999_999);
    for (const bad of ['', '0', '-1', '1.5', '1e3', '1000000', 'abc', '12 3', '0x10']) {
      expect(parseQuantity(bad), bad).toBeNull();
    }
  });

  it('names what is wrong with a new project', () => {
    expect(draftProblems({ name: 'Depot', description: '', region: 'US' })).toEqual({});
    expect(draftProblems({ name: '  ', description: 'x'.repeat(2001), region: 'XX' })).toEqual({
      name: 'nameRequired',
      description: 'descriptionTooLong',
      region: 'regionInvalid',
    });
    expect(draftProblems({ name: 'x'.repeat(201), description: '', region: 'EU' })).toEqual({
      name: 'nameTooLong',
    });
  });

  it('writes the submitted date in the locale with a 12-hour time', () => {
    const iso = '2026-11-22T15:04:00.000Z';
    expect(submittedAt(iso, 'en-US', 'UTC')).toBe('November 22, 2026, 3:04 PM');
    expect(submittedAt(iso, 'de-DE', 'UTC')).toBe('22. November 2026, 3:04 PM');
    expect(submittedAt(iso, 'fr-CA', 'UTC')).toBe('22 novembre 2026, 3:04 PM');
    expect(submittedAt(null, 'en-US')).toBeNull();
    expect(submittedAt('not a date', 'en-US')).toBeNull();
  });

  it('shows a project by its name, else its ID', () => {
    expect(projectName({ ID: 'A1', xp: { projectName: ' Depot ' } })).toBe('Depot');
    expect(projectName({ ID: 'A1', xp: {} })).toBe('A1');
    expect(projectName({ ID: 'A1' })).toBe('A1');
  });
});
