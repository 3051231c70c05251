import { describe, expect, it } from 'vitest';
import { RuleBook } from './rule-book';
import { ruleDataSchema, type StoredRule } from './stored-rule';

function rule(id: string, locale: string, fields: Record<string, unknown>): StoredRule {
  const data = ruleDataSchema.parse({
    name: id,
    widgets: ['rfkid_7'],
    bury: { filter: { name: 'id', values: ['x'] } },
    ...fields,
  });
  return { id, locale, version: '0', data };
}

const book = new RuleBook([
  rule('every-search', '*', {}),
  rule('drain-exact', '*', { keyphrases: ['Floor-Drain', 'drain'] }),
  rule('drain-us', 'en-US', { keyphrases: ['drain'] }),
  rule('contains-steel', '*', { keyphrases: ['stainless steel'], match: 'contains' }),
  rule('off', '*', { keyphrases: ['drain'], enabled: false }),
  rule('preview-only', '*', { widgets: ['rfkid_6'] }),
  rule('synonyms', '*', { synonyms: [{ type: 'equivalent', terms: ['inox', 'stainless'] }], bury: null }),
]);
const ids = (rfkId: string, locale: string, keyphrase: string) =>
  book.applicable(rfkId, locale, keyphrase).map((r) => r.id);

describe('the rule book', () => {
  it("applies a widget's rules whose locale and trigger match, most specific first", () => {
    expect(ids('rfkid_7', 'en-US', 'drain')).toEqual(['drain-us', 'drain-exact', 'every-search', 'synonyms']);
    expect(ids('rfkid_7', 'fr-CA', 'DRAIN ')).toEqual(['drain-exact', 'every-search', 'synonyms']);
    expect(ids('rfkid_7', 'fr-CA', 'floor drain')).toEqual(['drain-exact', 'every-search', 'synonyms']);
    expect(ids('rfkid_7', 'fr-CA', 'floor drains')).toEqual(['every-search', 'synonyms']);
    expect(ids('rfkid_6', 'fr-CA', 'drain')).toEqual(['preview-only']);
    expect(ids('rfkid_1', 'fr-CA', 'drain')).toEqual([]);
  });

  it('triggers contains rules on whole words in order, and keyphrase rules never on an empty search', () => {
    expect(ids('rfkid_7', 'en-US', 'brushed stainless steel bracket')).toContain('contains-steel');
    expect(ids('rfkid_7', 'en-US', 'stainless steels')).not.toContain('contains-steel');
    expect(ids('rfkid_7', 'en-US', 'steel stainless')).not.toContain('contains-steel');
    expect(ids('rfkid_7', 'en-US', '')).toEqual(['every-search', 'synonyms']);
  });

  it('gives the synonyms of the rules that apply, the same set for the same rules', () => {
    const rules = book.applicable('rfkid_7', 'en-US', 'drain');
    const synonyms = book.synonymsOf(rules);
    expect(synonyms?.size).toBe(1);
    expect(book.synonymsOf(rules)).toBe(synonyms);
    expect(book.synonymsOf(book.applicable('rfkid_6', 'en-US', 'drain'))).toBeNull();
  });
});
