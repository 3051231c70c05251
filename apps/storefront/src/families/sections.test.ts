import { describe, expect, it } from 'vitest';
import { sectionsForLevel } from './sections';

describe('sectionsForLevel', () => {
  it('shows marketing and SKUs from the family level (3) down, not above', () => {
    expect(sectionsForLevel(1)).toEqual({ marketing: false, skus: false });
    expect(sectionsForLevel(2)).toEqual({ marketing: false, skus: false });
    for (const level of [3, 4, 5, 6])
      expect(sectionsForLevel(level)).toEqual({ marketing: true, skus: true });
  });
});
