import { describe, expect, it } from 'vitest';
import { allowedTypos, analyze, boundedDistance, fold, squash, stem, words } from './analysis';

describe('analysis', () => {
  it('folds case, accents and ligatures', () => {
    expect(fold('Größe ÉLÉMENT Œuvre')).toBe('grosse element oeuvre');
    expect(words('Écrous à ressort, 3/4 in')).toEqual(['ecrous', 'a', 'ressort', '3', '4', 'in']);
  });

  it('stems per language and keeps words with digits', () => {
    expect(stem('fittings', 'en')).toBe(stem('fitting', 'en'));
    expect(stem('raccords', 'fr')).toBe(stem('raccord', 'fr'));
    expect(stem('kabelrinnen', 'de')).toBe('kabelrinn');
    expect(stem('m12', 'en')).toBe('m12');
  });

  it('drops stop words of the language', () => {
    expect(analyze('the box of the tray', 'en').map((w) => w.word)).toEqual(['box', 'tray']);
    expect(analyze('boîte de la goulotte', 'fr').map((w) => w.word)).toEqual(['boite', 'goulotte']);
  });

  it('squashes catalogue numbers', () => {
    expect(squash('ABC-123-45')).toBe('abc12345');
    expect(squash('ABC 123 45')).toBe('abc12345');
    expect(squash(' abc12345 ')).toBe('abc12345');
  });

  it('counts a swap of neighbours as one typo and bounds the distance', () => {
    expect(boundedDistance('condiut', 'conduit', 1)).toBe(1);
    expect(boundedDistance('aluminum', 'aluminium', 2)).toBe(1);
    expect(boundedDistance('bracket', 'brackets', 1)).toBe(1);
    expect(boundedDistance('strut', 'shout', 1)).toBe(2);
    expect(boundedDistance('abc', 'abcdefgh', 2)).toBe(3);
  });

  it('allows typos from five letters (one) and eight (two)', () => {
    expect(allowedTypos('tray')).toBe(0);
    expect(allowedTypos('strut')).toBe(1);
    expect(allowedTypos('galvanized')).toBe(2);
  });
});
