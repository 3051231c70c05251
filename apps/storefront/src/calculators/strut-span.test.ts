import { describe, expect, it } from 'vitest';
import {
  checkProfile,
  convertStrutSpanForm,
  evaluateStrutSpan,
  readStrutSpanForm,
  type StrutSpanForm,
  strutSpanQuery,
} from './strut-span';
import { STRUT_TABLES as tables } from './test-tables';

const p1000 = tables.profiles[1];
if (!p1000) throw new Error('test tables without 41x41');

const LB_FT_IN_KG_M = 1.488_163_944;
const form = (changes: Partial<StrutSpanForm> = {}): StrutSpanForm => ({
  units: 'imperial',
  profile: 'solid-41x41-12',
  span: '10',
  kind: 'uniform',
  load: '25',
  limit: '240',
  ...changes,
});

describe('strut span', () => {
  it('matches the published load table of a 1-5/8 in 12 gauge channel on a 10 ft span', () => {
    const check = checkProfile(p1000, { spanMm: 3048, kind: 'uniform', load: 0, limit: 180 }, tables);
    // Unistrut P1000 at 120 in: 340 lb by stress, 160 lb at L/180 (both including the channel's weight).
    const totalLb = ((check.allowableUniformKgPerM + p1000.weightKgPerM) / LB_FT_IN_KG_M) * 10;
    expect(totalLb).toBeCloseTo(161.7, 0);
    const byStress = checkProfile(p1000, { spanMm: 3048, kind: 'uniform', load: 0, limit: 1 }, tables);
    expect(((byStress.allowableUniformKgPerM + p1000.weightKgPerM) / LB_FT_IN_KG_M) * 10).toBeCloseTo(
      336.7,
      0,
    );
  });

  it('computes M = wL²/8, σ = M/S and Δ = 5wL⁴/384EI, with the channel weight added', () => {
    const outcome = evaluateStrutSpan(form(), tables, 'en-US');
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    const { check } = outcome.result;
    // w = 25 + 1.89 lb/ft = 2.2408 lb/in; M = 2.2408 × 120² / 8 = 4033 lb·in; σ = 4033 / 0.202 = 19,967 psi.
    expect(check.momentNmm / (4.448_221_615 * 25.4)).toBeCloseTo(4033.5, 0);
    expect(check.stressMpa / 0.006_894_757_293).toBeCloseTo(19_968, -1);
    // Δ = 5 × 2.2408 × 120⁴ / (384 × 29.5e6 × 0.185) = 1.109 in.
    expect(check.deflectionMm / 25.4).toBeCloseTo(1.109, 2);
    expect(check.stressOk).toBe(true);
    expect(check.deflectionOk).toBe(false);
    expect(check.passes).toBe(false);
    expect(check.limits.map((l) => [l.ratio, l.within])).toEqual([
      [180, false],
      [240, false],
      [360, false],
    ]);
    // The lightest profile within 25,000 psi and L/240 (0.5 in): 41x62 (Δ = 0.41 in).
    expect(outcome.result.lightest?.profile.id).toBe('solid-41x62-12');
    expect(outcome.result.lightest?.profile.sku).toBe('SC-4162-G12-10');
  });

  it('computes a point load at mid-span as M = PL/4 and Δ = PL³/48EI', () => {
    const outcome = evaluateStrutSpan(
      form({ units: 'metric', span: '1', kind: 'point', load: '100', limit: '180' }),
      tables,
      'de-DE',
    );
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    const { check } = outcome.result;
    const P = 100 * 9.806_65;
    const w = (p1000.weightKgPerM * 9.806_65) / 1000;
    const E = tables.elasticModulusMpa;
    const I = p1000.momentOfInertiaMm4;
    expect(check.momentNmm).toBeCloseTo((P * 1000) / 4 + (w * 1000 ** 2) / 8, 6);
    expect(check.deflectionMm).toBeCloseTo(
      (P * 1000 ** 3) / (48 * E * I) + (5 * w * 1000 ** 4) / (384 * E * I),
      9,
    );
    expect(check.passes).toBe(true);
  });

  it('fails with the reason when the load is above the capacity, and finds no profile for an impossible load', () => {
    const outcome = evaluateStrutSpan(form({ span: '20', load: '2000' }), tables, 'en-US');
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    expect(outcome.result.check.stressOk).toBe(false);
    expect(outcome.result.check.passes).toBe(false);
    expect(outcome.result.lightest).toBeNull();
  });

  it('refuses impossible values with clear messages and computes nothing', () => {
    const bad = evaluateStrutSpan(form({ span: '0', load: 'heavy' }), tables, 'en-US');
    expect(bad).toEqual({
      ok: false,
      errors: [
        { key: 'spanInvalid', field: 'span', values: { max: '20\u00a0ft' } },
        { key: 'loadInvalid', field: 'load', values: { max: '6,719.7\u00a0lb/ft' } },
      ],
    });
    const negative = evaluateStrutSpan(form({ span: '-3' }), tables, 'en-US');
    expect(negative.ok ? [] : negative.errors.map((e) => e.key)).toEqual(['spanInvalid']);
    // Beyond the longest channel sold (6,096 mm).
    const long = evaluateStrutSpan(form({ units: 'metric', span: '6,5', load: '10' }), tables, 'de-DE');
    expect(long.ok ? [] : long.errors).toEqual([
      { key: 'spanInvalid', field: 'span', values: { max: '6,1\u00a0m' } },
    ]);
    const unknown = evaluateStrutSpan(form({ profile: 'nope', limit: '100' }), tables, 'en-US');
    expect(unknown.ok ? [] : unknown.errors.map((e) => e.field)).toEqual(['profile']);
    const limit = evaluateStrutSpan(form({ limit: '100' }), tables, 'en-US');
    expect(limit.ok ? [] : limit.errors.map((e) => e.field)).toEqual(['limit']);
  });

  it('reads the form from the URL and converts span and load between units', () => {
    const query = new URLSearchParams(
      'units=imperial&profile=solid-41x41-12&span=10&kind=point&load=220&limit=360',
    );
    const read = readStrutSpanForm(query, tables, 'metric');
    expect(read).toEqual(form({ kind: 'point', load: '220', limit: '360' }));
    expect(strutSpanQuery(read).toString()).toBe(query.toString());
    const metric = convertStrutSpanForm(read, 'metric');
    expect(metric).toMatchObject({ units: 'metric', span: '3.048', load: '99.79' });
    expect(readStrutSpanForm({}, tables, 'metric')).toMatchObject({
      span: '3',
      load: '37',
      profile: 'solid-41x41-12',
    });
  });
});
