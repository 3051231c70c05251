import { words } from '../engine/analysis';
import { type SynonymDefinition, Synonyms } from '../engine/synonyms';
import { ruleDataSchema, type StoredRule } from './stored-rule';

/** A keyphrase in the form triggers are compared in: folded words joined by one space. */
export function keyphraseKey(keyphrase: string): string {
  return words(keyphrase).join(' ');
}

/**
 * The merchandising rules of one moment (the `search-rule` items the engine read, or a preview's unsaved
 * set), looked up per widget, locale and keyphrase. Order, most specific first: a locale's own rules
 * before `*` ones, keyphrase rules before rules for every search, then by id. Where two rules want one
 * slot or both redirect, the first wins.
 */
export class RuleBook {
  /**
   * Per widget: rules for every search, rules by exact trigger, and `contains` rules with their triggers'
   * keys; each rule's rank says its place in the order above. Triggers are folded once, here, not at
   * every search.
   */
  private readonly byWidget = new Map<
    string,
    {
      always: StoredRule[];
      exact: Map<string, StoredRule[]>;
      contains: { rule: StoredRule; keys: string[] }[];
    }
  >();
  private readonly rank = new Map<StoredRule, number>();
  /** Synonyms of a set of rules (by their ids), kept while this book is the engine's. */
  private readonly synonymSets = new Map<string, Synonyms | null>();

  constructor(readonly rules: readonly StoredRule[]) {
    const sorted = [...rules].sort(
      (a, b) =>
        Number(a.locale === '*') - Number(b.locale === '*') ||
        Number(a.data.keyphrases.length === 0) - Number(b.data.keyphrases.length === 0) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    sorted.forEach((rule, i) => {
      if (!rule.data.enabled) return;
      this.rank.set(rule, i);
      const keys = [...new Set(rule.data.keyphrases.map(keyphraseKey))];
      for (const widget of new Set(rule.data.widgets)) {
        let entry = this.byWidget.get(widget);
        if (!entry) {
          entry = { always: [], exact: new Map(), contains: [] };
          this.byWidget.set(widget, entry);
        }
        if (keys.length === 0) entry.always.push(rule);
        else if (rule.data.match === 'contains') entry.contains.push({ rule, keys });
        else
          for (const key of keys) {
            const list = entry.exact.get(key) ?? [];
            list.push(rule);
            entry.exact.set(key, list);
          }
      }
    });
  }

  /**
   * Rules from content items; an item whose data the schema refuses (written by hand) is logged and left
   * out, so one bad item never stops the others.
   */
  static fromItems(
    items: { id: string; locale: string; version: string; data: unknown }[],
    log: (message: string) => void,
  ): RuleBook {
    const rules: StoredRule[] = [];
    for (const item of items) {
      const parsed = ruleDataSchema.safeParse(item.data);
      if (parsed.success)
        rules.push({ id: item.id, locale: item.locale, version: item.version, data: parsed.data });
      else
        log(
          `search rule ${item.id} (${item.locale}) left out: ${parsed.error.issues
            .slice(0, 3)
            .map((i) => `${i.path.join('.') || '(rule)'}: ${i.message}`)
            .join('; ')}`,
        );
    }
    return new RuleBook(rules);
  }

  /**
   * The enabled rules of a widget in a locale that the keyphrase triggers, most specific first. A rule
   * with keyphrases applies when the keyphrase, folded, is one of them (`exact`) or holds one as whole
   * words (`contains`); a rule without applies to every search, an empty keyphrase's too.
   */
  applicable(rfkId: string, localeCode: string, keyphrase: string): StoredRule[] {
    const entry = this.byWidget.get(rfkId);
    if (!entry) return [];
    const key = keyphraseKey(keyphrase);
    const padded = ` ${key} `;
    const found = [
      ...entry.always,
      ...(key === '' ? [] : (entry.exact.get(key) ?? [])),
      ...(key === ''
        ? []
        : entry.contains
            .filter(({ keys }) => keys.some((k) => padded.includes(` ${k} `)))
            .map((c) => c.rule)),
    ].filter((rule) => rule.locale === '*' || rule.locale === localeCode);
    return found.sort((a, b) => (this.rank.get(a) ?? 0) - (this.rank.get(b) ?? 0));
  }

  /** The synonyms of some of this book's rules, for the engine (null when they hold none). */
  synonymsOf(rules: readonly StoredRule[]): Synonyms | null {
    const key = rules.map((rule) => `${rule.locale}|${rule.id}`).join('\n');
    if (this.synonymSets.has(key)) return this.synonymSets.get(key) ?? null;
    const definitions: SynonymDefinition[] = rules.flatMap((rule) => rule.data.synonyms);
    const synonyms = definitions.length > 0 ? new Synonyms(definitions) : null;
    // Bounded: the keyphrases a site sees trigger few distinct sets; start again if that ever grows.
    if (this.synonymSets.size >= 1000) this.synonymSets.clear();
    this.synonymSets.set(key, synonyms);
    return synonyms;
  }
}
