import { words } from '../engine/analysis';
import { type SynonymDefinition, Synonyms } from '../engine/synonyms';
import { type RuleData, ruleDataSchema, type StoredRule } from './stored-rule';

/** A keyphrase in the form triggers are compared in: folded words joined by one space. */
export function keyphraseKey(keyphrase: string): string {
  return words(keyphrase).join(' ');
}

/** Whether a rule applies to a keyphrase (its folded form, `keyphraseKey`). */
export function triggers(rule: RuleData, keyphrase: string): boolean {
  if (rule.keyphrases.length === 0) return true;
  if (keyphrase === '') return false;
  return rule.keyphrases.some((trigger) => {
    const key = keyphraseKey(trigger);
    return rule.match === 'exact' ? key === keyphrase : ` ${keyphrase} `.includes(` ${key} `);
  });
}

/**
 * The merchandising rules of one moment (the `search-rule` items the engine read, or a preview's unsaved
 * set), looked up per widget, locale and keyphrase. Order, most specific first: a locale's own rules
 * before `*` ones, keyphrase rules before rules for every search, then by id. Where two rules want one
 * slot or both redirect, the first wins.
 */
export class RuleBook {
  private readonly byWidget = new Map<string, StoredRule[]>();

  constructor(readonly rules: readonly StoredRule[]) {
    const sorted = [...rules].sort(
      (a, b) =>
        Number(a.locale === '*') - Number(b.locale === '*') ||
        Number(a.data.keyphrases.length === 0) - Number(b.data.keyphrases.length === 0) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    for (const rule of sorted) {
      if (!rule.data.enabled) continue;
      for (const widget of new Set(rule.data.widgets)) {
        const list = this.byWidget.get(widget) ?? [];
        list.push(rule);
        this.byWidget.set(widget, list);
      }
    }
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

  /** The enabled rules of a widget in a locale that the keyphrase triggers, most specific first. */
  applicable(rfkId: string, localeCode: string, keyphrase: string): StoredRule[] {
    const key = keyphraseKey(keyphrase);
    return (this.byWidget.get(rfkId) ?? []).filter(
      (rule) => (rule.locale === '*' || rule.locale === localeCode) && triggers(rule.data, key),
    );
  }
}

/** The synonyms of some rules, for the engine (null when they hold none). */
export function synonymsOf(rules: readonly StoredRule[]): Synonyms | null {
  const definitions: SynonymDefinition[] = rules.flatMap((rule) => rule.data.synonyms);
  return definitions.length > 0 ? new Synonyms(definitions) : null;
}
