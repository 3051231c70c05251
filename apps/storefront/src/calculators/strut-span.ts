import type { UnitSystem } from '@catalogue/dataset/model';
import type { CalculatorMessage, StrutProfileSpec, StrutSpanTables } from './definitions';
import { param, type RawParams, unitsParam } from './form-params';
import { formatQuantity, fromDisplay, inputValue, parseDecimal, STANDARD_GRAVITY } from './quantities';

/**
 * A strut channel as a simply supported, laterally braced beam: its own weight plus a uniformly
 * distributed load (M = wL²/8, Δ = 5wL⁴/384EI) or a point load at mid-span (M = PL/4, Δ = PL³/48EI).
 * Bending stress M/S is checked against the allowable stress and the deflection against L/n. Units inside:
 * N, mm, MPa (N/mm²); loads are entered as mass (kg/m, kg or lb/ft, lb) and turned into force with g.
 * The form is kept as typed (URL: `units`, `profile`, `span`, `kind`, `load`, `limit`).
 */

export type LoadKind = 'uniform' | 'point';

export interface StrutSpanForm {
  units: UnitSystem;
  profile: string;
  span: string;
  kind: LoadKind;
  load: string;
  limit: string;
}

export interface StrutLoadCase {
  spanMm: number;
  kind: LoadKind;
  /** kg/m for a uniform load, kg for a point load (the channel's own weight comes on top). */
  load: number;
  /** n of the deflection limit L/n. */
  limit: number;
}

export interface StrutCheck {
  profile: StrutProfileSpec;
  momentNmm: number;
  stressMpa: number;
  deflectionMm: number;
  /** Each offered limit L/n with its deflection in mm and whether the deflection stays within it. */
  limits: { ratio: number; limitMm: number; within: boolean }[];
  /** The net uniform load (kg/m, own weight deducted) the span carries within stress and L/limit; ≤ 0 when it cannot even carry itself. */
  allowableUniformKgPerM: number;
  stressOk: boolean;
  deflectionOk: boolean;
  passes: boolean;
}

export interface StrutSpanResult {
  loadCase: StrutLoadCase;
  check: StrutCheck;
  /** The lightest profile of the catalog that carries the load case, null when none does. */
  lightest: StrutCheck | null;
}

export type StrutSpanOutcome =
  | { ok: true; result: StrutSpanResult }
  | { ok: false; errors: CalculatorMessage[] };

const DEFAULTS: Record<UnitSystem, { span: string; load: string }> = {
  imperial: { span: '10', load: '25' },
  metric: { span: '3', load: '37' },
};

export function defaultStrutSpanForm(tables: StrutSpanTables, units: UnitSystem): StrutSpanForm {
  const profile =
    tables.profiles.find((p) => p.id === 'solid-41x41-12') ?? tables.profiles[0] ?? ({ id: '' } as const);
  const limit = tables.deflectionLimits.includes(240) ? 240 : (tables.deflectionLimits[0] ?? 240);
  return { units, profile: profile.id, kind: 'uniform', limit: String(limit), ...DEFAULTS[units] };
}

export function readStrutSpanForm(
  params: RawParams,
  tables: StrutSpanTables,
  fallbackUnits: UnitSystem,
): StrutSpanForm {
  const units = unitsParam(params, fallbackUnits);
  const profile = param(params, 'profile');
  if (profile === null) return defaultStrutSpanForm(tables, units);
  return {
    units,
    profile,
    span: param(params, 'span') ?? '',
    kind: param(params, 'kind') === 'point' ? 'point' : 'uniform',
    load: param(params, 'load') ?? '',
    limit: param(params, 'limit') ?? '',
  };
}

export function strutSpanQuery(form: StrutSpanForm): URLSearchParams {
  const { units, profile, span, kind, load, limit } = form;
  return new URLSearchParams({ units, profile, span, kind, load, limit });
}

/** The form in another unit system: span and load converted, everything else kept. */
export function convertStrutSpanForm(form: StrutSpanForm, units: UnitSystem): StrutSpanForm {
  if (form.units === units) return form;
  const convert = (text: string, dimension: 'span' | 'uniformLoad' | 'pointLoad') => {
    const value = parseDecimal(text);
    return value === null ? text : inputValue(dimension, fromDisplay(dimension, value, form.units), units);
  };
  return {
    ...form,
    units,
    span: convert(form.span, 'span'),
    load: convert(form.load, form.kind === 'uniform' ? 'uniformLoad' : 'pointLoad'),
  };
}

/** Checks one profile under a load case (no validation: the numbers are in range). */
export function checkProfile(
  profile: StrutProfileSpec,
  loadCase: StrutLoadCase,
  tables: Pick<StrutSpanTables, 'elasticModulusMpa' | 'allowableStressMpa' | 'deflectionLimits'>,
): StrutCheck {
  const { spanMm: L, kind, load, limit } = loadCase;
  const E = tables.elasticModulusMpa;
  const I = profile.momentOfInertiaMm4;
  const S = profile.sectionModulusMm3;
  const F = tables.allowableStressMpa;
  // kg/m × g = N/m = N/mm × 1000.
  const selfWeight = (profile.weightKgPerM * STANDARD_GRAVITY) / 1000;
  const uniform = kind === 'uniform' ? selfWeight + (load * STANDARD_GRAVITY) / 1000 : selfWeight;
  const point = kind === 'point' ? load * STANDARD_GRAVITY : 0;
  const momentNmm = (uniform * L ** 2) / 8 + (point * L) / 4;
  const deflectionMm = (5 * uniform * L ** 4) / (384 * E * I) + (point * L ** 3) / (48 * E * I);
  const stressMpa = momentNmm / S;
  const limits = tables.deflectionLimits.map((ratio) => ({
    ratio,
    limitMm: L / ratio,
    within: deflectionMm <= L / ratio,
  }));
  const byStress = (8 * S * F) / L ** 2;
  const byDeflection = (384 * E * I) / (5 * limit * L ** 3);
  const allowableUniformKgPerM = ((Math.min(byStress, byDeflection) - selfWeight) * 1000) / STANDARD_GRAVITY;
  const stressOk = stressMpa <= F;
  const deflectionOk = deflectionMm <= L / limit;
  return {
    profile,
    momentNmm,
    stressMpa,
    deflectionMm,
    limits,
    allowableUniformKgPerM,
    stressOk,
    deflectionOk,
    passes: stressOk && deflectionOk,
  };
}

/** Validates the form and checks the chosen profile and every other; problems are reported all at once. */
export function evaluateStrutSpan(
  form: StrutSpanForm,
  tables: StrutSpanTables,
  locale: string,
): StrutSpanOutcome {
  const errors: CalculatorMessage[] = [];
  const profile = tables.profiles.find((p) => p.id === form.profile);
  const limit = Number(form.limit);
  if (!profile) errors.push({ key: 'unknownChoice', field: 'profile', values: {} });
  else if (!tables.deflectionLimits.includes(limit))
    errors.push({ key: 'unknownChoice', field: 'limit', values: {} });
  const spanTyped = parseDecimal(form.span);
  const spanMm = spanTyped === null ? null : fromDisplay('span', spanTyped, form.units);
  if (spanMm === null || spanMm <= 0 || spanMm > tables.maxSpanMm + 1e-9)
    errors.push({
      key: 'spanInvalid',
      field: 'span',
      values: { max: formatQuantity('span', tables.maxSpanMm, form.units, locale) },
    });
  const dimension = form.kind === 'uniform' ? 'uniformLoad' : 'pointLoad';
  const maxLoad = form.kind === 'uniform' ? tables.maxUniformLoadKgPerM : tables.maxPointLoadKg;
  const loadTyped = parseDecimal(form.load);
  const load = loadTyped === null ? null : fromDisplay(dimension, loadTyped, form.units);
  if (load === null || load < 0 || load > maxLoad + 1e-9)
    errors.push({
      key: 'loadInvalid',
      field: 'load',
      values: { max: formatQuantity(dimension, maxLoad, form.units, locale) },
    });
  if (errors.length > 0 || !profile || spanMm === null || load === null) return { ok: false, errors };
  const loadCase: StrutLoadCase = { spanMm, kind: form.kind, load, limit };
  const check = checkProfile(profile, loadCase, tables);
  const lightest =
    [...tables.profiles]
      .sort((a, b) => a.weightKgPerM - b.weightKgPerM || a.id.localeCompare(b.id))
      .map((p) => checkProfile(p, loadCase, tables))
      .find((c) => c.passes) ?? null;
  return { ok: true, result: { loadCase, check, lightest } };
}
