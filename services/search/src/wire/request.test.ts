import { describe, expect, it } from 'vitest';
import { discoverRequestSchema, filterSchema, ruleSchema } from './request';

describe('the request schema', () => {
  it('reads the filter grammar, exists without a type included', () => {
    const filter = filterSchema.parse({
      type: 'and',
      filters: [
        { type: 'eq', name: 'material', value: 'steel' },
        { type: 'anyOf', name: 'finish', values: ['plain'] },
        { type: 'not', filter: { name: 'made_to_order' } },
        { type: 'or', filters: [{ type: 'gte', name: 'weight_kg', value: 1 }] },
        { type: 'geoDistance', name: 'location', distance: '10km', lat: 1, lon: 2 },
      ],
    });
    expect(filter.type === 'and' && filter.filters[2]).toEqual({
      type: 'not',
      filter: { type: 'exists', name: 'made_to_order' },
    });
    expect(filterSchema.safeParse({ type: 'eq', value: 1 }).success).toBe(false);
    expect(filterSchema.safeParse({ type: 'between', name: 'a', value: 1 }).success).toBe(false);
  });

  it('tolerates rule filters as {type, name, values} and {type, name, value}, and pins with one slot', () => {
    const rule = ruleSchema.parse({
      bury: { filter: { type: 'eq', name: 'made_to_order', values: [true] } },
      blacklist: { filter: { type: 'eq', name: 'id', value: 'X' } },
      boost: [
        { filter: { name: 'material', values: ['steel'] }, slots: [1, 2] },
        { filter: { name: 'a', values: [1] }, weight: 3 },
      ],
      pin: [
        { id: 'A', slot: 2 },
        { id: 'B', slot: [3, 4] },
      ],
    });
    expect(rule.bury?.filter).toEqual({ type: 'anyOf', name: 'made_to_order', values: [true] });
    expect(rule.blacklist?.filter).toEqual({ type: 'eq', name: 'id', value: 'X' });
    expect(rule.pin).toEqual([
      { id: 'A', slot: [2] },
      { id: 'B', slot: [3, 4] },
    ]);
  });

  it('refuses a rule filter of an unknown type or a comparison with several values, without throwing', () => {
    for (const filter of [
      { type: 'between', name: 'weight_kg', values: [1] },
      { type: 'gt', name: 'weight_kg', values: [1, 2] },
    ]) {
      const parsed = ruleSchema.safeParse({ blacklist: { filter } });
      expect(parsed.success, JSON.stringify(filter)).toBe(false);
    }
  });

  it('takes the SDK sort value as a list or one object, and ids as a map or a list', () => {
    const base = {
      widget: {
        items: [
          {
            entity: 'product',
            rfk_id: 'rfkid_7',
            search: { sort: { value: { name: 'name', order: 'asc' } } },
          },
        ],
      },
    };
    expect(discoverRequestSchema.parse(base).widget.items[0]?.search?.sort?.value).toEqual([
      { name: 'name', order: 'asc' },
    ]);
    expect(discoverRequestSchema.parse({ ...base, context: { ids: ['a', 1] } }).context.ids).toEqual([
      'a',
      '1',
    ]);
    expect(
      discoverRequestSchema.parse({ ...base, context: { ids: { product: ['a'] } } }).context.ids,
    ).toEqual({ product: ['a'] });
  });

  it('requires entity and rfk_id on every item', () => {
    const result = discoverRequestSchema.safeParse({ widget: { items: [{ rfk_id: 'rfkid_7' }] } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['widget', 'items', 0, 'entity']);
  });
});
