import { stemmer as dutchStemmer } from '@orama/stemmers/dutch';
import { stemmer as englishStemmer } from '@orama/stemmers/english';
import { stemmer as frenchStemmer } from '@orama/stemmers/french';
import { stemmer as germanStemmer } from '@orama/stemmers/german';
import { stopwords as dutchStopwords } from '@orama/stopwords/dutch';
import { stopwords as englishStopwords } from '@orama/stopwords/english';
import { stopwords as frenchStopwords } from '@orama/stopwords/french';
import { stopwords as germanStopwords } from '@orama/stopwords/german';

/**
 * Text analysis per language (the ten locales speak en, fr, de, nl): lowercase, accent folding,
 * Snowball stemming (@orama/stemmers), stop words (@orama/stopwords). Index and query go through the same
 * steps, so "Électriques", "electriques" and "électrique" meet on one term.
 */

export type Language = 'en' | 'fr' | 'de' | 'nl';
export const LANGUAGES: readonly Language[] = ['en', 'fr', 'de', 'nl'];

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

const STEMMERS: Record<Language, (word: string) => string> = {
  en: englishStemmer,
  fr: frenchStemmer,
  de: germanStemmer,
  nl: dutchStemmer,
};

const LIGATURES: Record<string, string> = { ß: 'ss', œ: 'oe', æ: 'ae', ø: 'o', ł: 'l', đ: 'd' };

/** Lowercase without accents: "Größe Élément" → "grosse element". */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßœæøłđ]/g, (c) => LIGATURES[c] ?? c);
}

const STOP: Record<Language, Set<string>> = {
  en: new Set(englishStopwords.map(fold)),
  fr: new Set(frenchStopwords.map(fold)),
  de: new Set(germanStopwords.map(fold)),
  nl: new Set(dutchStopwords.map(fold)),
};

/** The folded words of a text (letters and digits; everything else separates words). */
export function words(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

export function isStopword(word: string, language: Language): boolean {
  return STOP[language].has(word);
}

const STEM_CACHE_SIZE = 200_000;
const stemCache: Record<Language, Map<string, string>> = {
  en: new Map(),
  fr: new Map(),
  de: new Map(),
  nl: new Map(),
};

/** The index term of a folded word: its stem, or the word itself when it holds a digit. */
export function stem(word: string, language: Language): string {
  if (word.length < 3) return word;
  const cache = stemCache[language];
  let term = cache.get(word);
  if (term === undefined) {
    term = /\d/.test(word) ? word : STEMMERS[language](word);
    // The vocabulary of a catalogue is small: the cache rarely fills; when it does, start again.
    if (cache.size >= STEM_CACHE_SIZE) cache.clear();
    cache.set(word, term);
  }
  return term;
}

/** A word of a text and the term it is indexed under. */
export interface AnalyzedWord {
  word: string;
  term: string;
}

/** The words of a text that are indexed (stop words dropped) with their terms. */
export function analyze(text: string, language: Language): AnalyzedWord[] {
  const result: AnalyzedWord[] = [];
  for (const word of words(text)) {
    if (isStopword(word, language)) continue;
    result.push({ word, term: stem(word, language) });
  }
  return result;
}

/** A catalogue number without case, dashes, spaces or other punctuation: "ABC-123 45" → "abc12345". */
export function squash(text: string): string {
  return fold(text).replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * The edit distance of a and b (insertions, deletions, substitutions and swaps of neighbours count one:
 * "condiut" is one typo from "conduit") when it is at most `max`, else max + 1.
 */
export function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const width = b.length + 1;
  let before = new Array<number>(width).fill(0);
  let previous = new Array<number>(width);
  let current = new Array<number>(width);
  for (let j = 0; j < width; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j < width; j++) {
      const bj = b.charCodeAt(j - 1);
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + (ai === bj ? 0 : 1),
      );
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj)
        value = Math.min(value, (before[j - 2] as number) + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length] as number, max + 1);
}

/** How many typos a word of this length may have: 1 from five letters, 2 from eight. */
export function allowedTypos(word: string): number {
  if (word.length >= 8) return 2;
  if (word.length >= 5) return 1;
  return 0;
}
