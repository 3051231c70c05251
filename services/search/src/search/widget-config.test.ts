import { describe, expect, it } from 'vitest';
import type { WidgetContext } from '../widgets/registry';
import { searchConfig, WidgetError } from './run-search';

function contextWith(config: Record<string, unknown>): WidgetContext {
  return {
    config: { rfkId: 'rfkid_7', type: 'content_grid', entities: ['product'], name: 'Results', config },
  } as unknown as WidgetContext;
}

describe('widget configuration', () => {
  it('reads a good configuration with its defaults', () => {
    const config = searchConfig(contextWith({ sort: { choices: [{ name: 'name_asc', by: 'name' }] } }));
    expect(config.sort.choices[0]).toEqual({ name: 'name_asc', by: 'name', order: 'asc' });
    expect(config.limit).toBe(24);
  });

  it("answers a misconfigured widget with that widget's 500 error naming each issue", () => {
    let caught: unknown;
    try {
      searchConfig(contextWith({ facets: [{ name: '', max: 1000 }] }));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(WidgetError);
    const wire = (caught as WidgetError).toWire();
    expect(wire).toMatchObject({
      code: 500,
      type: 'invalid_widget_configuration',
      message: 'Widget rfkid_7 is misconfigured.',
    });
    expect(JSON.stringify(wire)).toContain('facets.0.name');
    expect(JSON.stringify(wire)).toContain('facets.0.max');
  });
});
