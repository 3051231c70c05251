import { describe, expect, it } from 'vitest';
import {
  conduitFillQuery,
  convertConduitFillForm,
  defaultConduitFillForm,
  evaluateConduitFill,
  fillLimit,
  readConduitFillForm,
} from './conduit-fill';
import { CONDUIT_TABLES as tables } from './test-tables';

const form = (
  rows: { conductor: string; count: string; diameter?: string }[],
  size = '1-2-in',
  type = 'emt',
) => ({
  units: 'imperial' as const,
  type,
  size,
  rows: rows.map((r) => ({ diameter: '', ...r })),
});

describe('conduit fill', () => {
  it('computes 3 × 12 AWG THHN in 1/2 in EMT: 0.0133 × 3 / 0.304 = 13.1 %, within 40 %', () => {
    const outcome = evaluateConduitFill(form([{ conductor: 'thhn-12', count: '3' }]), tables, 'en-US');
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    const { result } = outcome;
    expect(result.fillPercent).toBeCloseTo(13.13, 2);
    expect(result.totalAreaMm2 / 25.4 ** 2).toBeCloseTo(0.0399, 6);
    expect(result.conduitAreaMm2 / 25.4 ** 2).toBeCloseTo(0.3039, 4);
    expect(result.limitPercent).toBe(40);
    expect(result.passes).toBe(true);
    expect(result.smallest?.sku).toBe('EMT-050-10');
  });

  it('adds several conductor sizes and finds the smallest trade size that passes', () => {
    // 4 × 10 AWG (0.0844) + 2 × 4/0 (0.6474) = 0.7318 in² for 6 conductors → 40 %: 1 in EMT (0.864 in²)
    // gives 84.7 %, 2 in (3.356 in²) 21.8 %.
    const outcome = evaluateConduitFill(
      form(
        [
          { conductor: 'thhn-10', count: '4' },
          { conductor: 'thhn-4-0', count: '2' },
        ],
        '1-in',
      ),
      tables,
      'en-US',
    );
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    expect(outcome.result.conductorCount).toBe(6);
    expect(outcome.result.fillPercent).toBeCloseTo(84.7, 1);
    expect(outcome.result.passes).toBe(false);
    expect(outcome.result.smallest?.tradeSize).toBe('2-in');
    expect(outcome.result.smallest?.fillPercent).toBeCloseTo(21.8, 1);
  });

  it('applies 53 % to one conductor and 31 % to two', () => {
    expect(fillLimit(tables, 1)).toBe(53);
    expect(fillLimit(tables, 2)).toBe(31);
    expect(fillLimit(tables, 3)).toBe(40);
    expect(fillLimit(tables, 250)).toBe(40);
    // One 4/0 (0.3237 in²) in 3/4 in EMT (0.533 in²) is 60.7 %: above 53 %; 1 in (0.864 in²) is 37.5 %.
    const one = evaluateConduitFill(form([{ conductor: 'thhn-4-0', count: '1' }], '3-4-in'), tables, 'en-US');
    expect(one.ok && one.result.limitPercent).toBe(53);
    expect(one.ok && one.result.passes).toBe(false);
    expect(one.ok && one.result.smallest?.tradeSize).toBe('1-in');
    // Two of them in 1 in EMT: 74.9 % against 31 %.
    const two = evaluateConduitFill(form([{ conductor: 'thhn-4-0', count: '2' }], '1-in'), tables, 'en-US');
    expect(two.ok && two.result.limitPercent).toBe(31);
    expect(two.ok && two.result.smallest?.tradeSize).toBe('2-in');
  });

  it('takes custom diameters in the form’s units and reports when no trade size is large enough', () => {
    const metric = {
      ...form([{ conductor: 'custom', count: '2', diameter: '10,5' }], '25-mm', 'rigid-metric'),
      units: 'metric' as const,
    };
    const outcome = evaluateConduitFill(metric, tables, 'de-DE');
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    // 2 × π/4 × 10.5² = 173.2 mm² in π/4 × 21.4² = 359.7 mm²: 48.2 % > 31 %, and no larger size exists.
    expect(outcome.result.fillPercent).toBeCloseTo(48.15, 1);
    expect(outcome.result.smallest).toBeNull();
  });

  it('refuses a conductor that is not smaller than the conduit, naming both diameters', () => {
    const outcome = evaluateConduitFill(
      { ...form([{ conductor: 'h07v-240', count: '1' }], '20-mm', 'rigid-metric'), units: 'metric' },
      tables,
      'en-GB',
    );
    expect(outcome).toEqual({
      ok: false,
      errors: [
        {
          key: 'conductorTooLarge',
          field: 'c1',
          values: { row: 1, diameter: '26.6\u00a0mm', inside: '16.9\u00a0mm' },
        },
      ],
    });
  });

  it('reports every invalid value at once and computes nothing', () => {
    const outcome = evaluateConduitFill(
      form([
        { conductor: 'thhn-12', count: 'three' },
        { conductor: 'thhn-12', count: '2.5' },
        { conductor: 'thhn-12', count: '0' },
        { conductor: 'thhn-12', count: '101' },
        { conductor: 'custom', count: '1', diameter: 'abc' },
        { conductor: 'custom', count: '1', diameter: '-1' },
        { conductor: 'thhn-99', count: '1' },
      ]),
      tables,
      'en-US',
    );
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.errors.map((e) => `${e.key} ${e.field}`)).toEqual([
      'countInvalid n1',
      'countInvalid n2',
      'countInvalid n3',
      'countInvalid n4',
      'diameterInvalid d5',
      'diameterInvalid d6',
      'unknownChoice c7',
    ]);
    expect(outcome.errors[0]?.values).toEqual({ row: 1, max: 100 });
    expect(outcome.errors[4]?.values).toEqual({ row: 5, max: '3.937\u00a0in' });
  });

  it('needs at least one conductor, a known conduit and at most the maximum number of rows', () => {
    const none = evaluateConduitFill(form([{ conductor: 'thhn-12', count: '' }]), tables, 'en-US');
    expect(none.ok ? [] : none.errors.map((e) => e.key)).toEqual(['noConductors']);
    const unknown = evaluateConduitFill(
      form([{ conductor: 'thhn-12', count: '1' }], '9-in'),
      tables,
      'en-US',
    );
    expect(unknown.ok ? [] : unknown.errors).toEqual([{ key: 'unknownChoice', field: 'size', values: {} }]);
    const many = form(
      Array.from({ length: 11 }, () => ({ conductor: 'thhn-12', count: '1' })),
      '2-in',
    );
    const tooMany = evaluateConduitFill(many, tables, 'en-US');
    expect(tooMany.ok ? [] : tooMany.errors.map((e) => e.key)).toEqual(['tooManyRows']);
  });

  it('reads the form from the URL and writes it back, and converts typed diameters between units', () => {
    const query = new URLSearchParams(
      'units=metric&type=emt&size=1-in&c1=thhn-12&n1=3&c2=custom&n2=2&d2=12.7',
    );
    const read = readConduitFillForm(query, tables, 'imperial');
    expect(read).toEqual({
      units: 'metric',
      type: 'emt',
      size: '1-in',
      rows: [
        { conductor: 'thhn-12', count: '3', diameter: '' },
        { conductor: 'custom', count: '2', diameter: '12.7' },
      ],
    });
    expect(conduitFillQuery(read).toString()).toBe(query.toString());
    expect(convertConduitFillForm(read, 'imperial').rows[1]?.diameter).toBe('0.5');
    expect(readConduitFillForm({}, tables, 'metric')).toEqual(defaultConduitFillForm(tables, 'metric'));
    expect(defaultConduitFillForm(tables, 'metric').rows[0]?.conductor).toBe('h07v-2-5');
  });
});
