import { loadDataFiles } from '@catalogue/dataset';
import { describe, expect, it } from 'vitest';
import { RULE_WIDGET_TYPES, ruleDataSchema } from './stored-rule';

/** The merchandising rules of packages/dataset/data/search.yaml are rules the engine applies. */
describe('the rules of search.yaml', () => {
  const data = loadDataFiles();

  it('each pass the rule schema and name widgets that rules apply to', () => {
    expect(data.searchRules.length).toBeGreaterThan(0);
    const types = new Map(data.searchWidgets.map((w) => [w.rfkId, w.type]));
    for (const rule of data.searchRules) {
      const parsed = ruleDataSchema.safeParse(rule.data);
      expect(parsed.error?.issues ?? [], rule.id).toEqual([]);
      for (const widget of parsed.data?.widgets ?? [])
        expect(RULE_WIDGET_TYPES as readonly string[], `${rule.id}: ${widget}`).toContain(types.get(widget));
    }
  });

  it('are the only rules: no widget configuration holds its own', () => {
    for (const widget of data.searchWidgets) expect(widget.config.rules, widget.rfkId).toBeUndefined();
  });
});
