import { fold, isStopword, words } from '../engine/analysis';
import { findColumn } from '../engine/filter';
import { categoryName, type TextIndex } from '../engine/text-index';
import type { WidgetContext } from '../widgets/registry';
import type { Suggestion } from '../wire/response';

const MAX_COMPLETIONS = 200;

const counted = new WeakMap<Int32Array, Map<string, number>>();

/** How many of the results sit in each category (and below it), by category id (once per result set). */
function categoryCounts(index: TextIndex, results: Int32Array): Map<string, number> {
  let counts = counted.get(results);
  if (!counts) {
    counts = countCategories(index, results);
    counted.set(results, counts);
  }
  return counts;
}

function countCategories(index: TextIndex, results: Int32Array): Map<string, number> {
  const column = findColumn(index, 'category');
  const counts = new Map<string, number>();
  if (!column) return counts;
  const byCode = new Int32Array(column.values.length);
  for (let i = 0; i < results.length; i++) column.count(results[i] as number, byCode);
  byCode.forEach((count, code) => {
    if (count > 0) counts.set(String(column.values[code]), count);
  });
  return counts;
}

/**
 * Families among the results, most results first (the deeper of two with the same count first: it is the
 * more precise suggestion).
 */
export function categorySuggestions(
  ctx: WidgetContext,
  index: TextIndex,
  results: Int32Array,
  max: number,
): Suggestion[] {
  const language = ctx.locale.language;
  const counts = categoryCounts(index, results);
  const ranked = [...counts.entries()]
    .map(([id, freq]) => ({ id, freq, depth: index.trailOf(id).length }))
    .sort((a, b) => b.freq - a.freq || b.depth - a.depth);
  const out: Suggestion[] = [];
  const seen = new Set<string>();
  for (const { id, freq } of ranked) {
    const category = index.category(id);
    const text = category ? categoryName(category, language, ctx.locale.catalogId) : undefined;
    if (!text || seen.has(fold(text))) continue;
    seen.add(fold(text));
    out.push({ text, freq });
    if (out.length >= max) break;
  }
  return out;
}

/**
 * Keyphrase suggestions: names of families among the results that contain every word typed (the last one
 * as a prefix), then the keyphrase with its last word completed from the vocabulary.
 */
export function keyphraseSuggestions(
  ctx: WidgetContext,
  index: TextIndex,
  keyphrase: string,
  results: Int32Array,
  max: number,
  prefix: boolean,
): Suggestion[] {
  const language = ctx.locale.language;
  const typed = words(keyphrase);
  if (typed.length === 0 || max <= 0) return [];
  const out: Suggestion[] = [];
  const seen = new Set<string>();
  const add = (text: string, freq: number) => {
    const key = fold(text);
    if (seen.has(key) || out.length >= max) return;
    seen.add(key);
    out.push({ text, freq });
  };

  const counts = categoryCounts(index, results);
  const families = [...counts.entries()]
    .map(([id, freq]) => {
      const category = index.category(id);
      return { name: category ? categoryName(category, language, ctx.locale.catalogId) : undefined, freq };
    })
    .filter((f): f is { name: string; freq: number } => {
      if (!f.name) return false;
      const nameWords = words(f.name);
      return typed.every((w, i) =>
        nameWords.some((n) => n === w || ((prefix || i === typed.length - 1) && n.startsWith(w))),
      );
    })
    .sort((a, b) => b.freq - a.freq || a.name.length - b.name.length);
  for (const family of families) add(family.name, family.freq);

  const last = typed.at(-1) as string;
  const head = typed.slice(0, -1).join(' ');
  const sorted = index.sortedWords(language);
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] as string) < last) low = mid + 1;
    else high = mid;
  }
  const completions: { word: string; freq: number }[] = [];
  const lang = index.language(language);
  for (let i = low; i < sorted.length && completions.length < MAX_COMPLETIONS; i++) {
    const word = sorted[i] as string;
    if (!word.startsWith(last)) break;
    if (isStopword(word, language) || /^\d+$/.test(word)) continue;
    completions.push({ word, freq: lang.words.get(word)?.count ?? 0 });
  }
  completions.sort((a, b) => b.freq - a.freq || a.word.length - b.word.length);
  for (const { word, freq } of completions) {
    if (freq === 0) continue;
    add(head ? `${head} ${word}` : word, freq);
  }
  return out;
}
