import { isStopword, type Language, stem, words } from './analysis';

/**
 * Synonyms applied when a keyphrase is matched (merchandising rules, `search-rule` content items): an
 * equivalent set makes each of its terms find what every other one finds; a one-way synonym makes its
 * `from` find what its `to` terms find, not the other way round. Terms may be phrases ("stainless
 * steel"). Query words are compared with a synonym's words by stem, so "drains" triggers "drain".
 */
export type SynonymDefinition =
  | { type: 'equivalent'; terms: string[] }
  | { type: 'one_way'; from: string; to: string[] };

/** The words of a keyphrase or phrase that take part in matching (stop words only if nothing else is left). */
export function contentWords(text: string, language: Language): string[] {
  const all = words(text).slice(0, 32);
  const content = all.filter((w) => !isStopword(w, language));
  return content.length > 0 ? content : all;
}

/** One phrase a query may contain, and the phrases it also stands for. */
interface Entry {
  /** The phrase's stems. */
  from: string[];
  /** Each alternative as words (matched like query words: stemmed, typos and all). */
  to: string[][];
}

/**
 * A keyphrase's words in groups. A plain word is a group of one alternative of one word; a run of words
 * that a synonym names is one group whose alternatives are the query's own words first, then each
 * synonym's words. A document meets a group when it has every word of one alternative.
 */
export type WordGroups = string[][][];

export class Synonyms {
  private readonly byLanguage = new Map<Language, Map<string, Entry[]>>();

  constructor(private readonly definitions: readonly SynonymDefinition[]) {}

  get size(): number {
    return this.definitions.length;
  }

  /** Entries by the stem of their first word, per language (stems differ between languages). */
  private table(language: Language): Map<string, Entry[]> {
    let table = this.byLanguage.get(language);
    if (table) return table;
    const merged = new Map<string, Entry>();
    const add = (from: string, to: string[]) => {
      const fromWords = contentWords(from, language);
      if (fromWords.length === 0) return;
      const stems = fromWords.map((w) => stem(w, language));
      const key = stems.join(' ');
      const entry = merged.get(key) ?? { from: stems, to: [] };
      merged.set(key, entry);
      for (const phrase of to) {
        const alternative = contentWords(phrase, language);
        const altKey = alternative.map((w) => stem(w, language)).join(' ');
        if (alternative.length === 0 || altKey === key) continue;
        if (!entry.to.some((known) => known.map((w) => stem(w, language)).join(' ') === altKey))
          entry.to.push(alternative);
      }
    };
    for (const definition of this.definitions) {
      if (definition.type === 'one_way') add(definition.from, definition.to);
      else for (const term of definition.terms) add(term, definition.terms);
    }
    table = new Map();
    for (const entry of merged.values()) {
      if (entry.to.length === 0) continue;
      const first = entry.from[0] as string;
      const list = table.get(first) ?? [];
      list.push(entry);
      table.set(first, list);
    }
    this.byLanguage.set(language, table);
    return table;
  }

  /** Groups a keyphrase's content words: the longest synonym phrase starting at each word wins. */
  group(queryWords: readonly string[], language: Language): WordGroups {
    const table = this.table(language);
    const stems = queryWords.map((w) => stem(w, language));
    const groups: WordGroups = [];
    for (let i = 0; i < queryWords.length; ) {
      let best: Entry | null = null;
      for (const entry of table.get(stems[i] as string) ?? []) {
        if (best && entry.from.length <= best.from.length) continue;
        if (entry.from.every((s, k) => stems[i + k] === s)) best = entry;
      }
      if (best) {
        groups.push([queryWords.slice(i, i + best.from.length), ...best.to]);
        i += best.from.length;
      } else {
        groups.push([[queryWords[i] as string]]);
        i++;
      }
    }
    return groups;
  }
}
