import type { UnitSystem } from '@catalogue/dataset/model';
import type {
  CalculatorMessage,
  ConductorSpec,
  ConduitFillTables,
  ConduitSizeSpec,
  ConduitTypeSpec,
} from './definitions';
import { param, type RawParams, unitsParam } from './form-params';
import { formatQuantity, fromDisplay, inputValue, parseDecimal } from './quantities';

/**
 * Conduit fill after NEC Chapter 9: the conductors' cross-sections against the conduit's internal area,
 * allowed 53 % for one conductor, 31 % for two and 40 % for three or more (the tables carry the limits).
 * The form is kept as the text the visitor typed (also in the URL: `type`, `size`, `units` and per row
 * `c1`/`n1`/`d1` …), validated here into numbers, and evaluated; the page and the browser share this code.
 */

export const CUSTOM_CONDUCTOR = 'custom';

export interface ConduitFillRow {
  /** A conductor size id, or `custom` for an outside diameter typed in `diameter`. */
  conductor: string;
  count: string;
  diameter: string;
}

export interface ConduitFillForm {
  /** The unit system of the typed diameters. */
  units: UnitSystem;
  type: string;
  size: string;
  rows: ConduitFillRow[];
}

export interface ConduitFillResult {
  type: ConduitTypeSpec;
  size: ConduitSizeSpec;
  conductorCount: number;
  totalAreaMm2: number;
  conduitAreaMm2: number;
  fillPercent: number;
  limitPercent: number;
  passes: boolean;
  /** The smallest trade size of the type that passes, null when none does. */
  smallest: (ConduitSizeSpec & { fillPercent: number }) | null;
}

export type ConduitFillOutcome =
  | { ok: true; result: ConduitFillResult }
  | { ok: false; errors: CalculatorMessage[] };

const allConductors = (tables: ConduitFillTables): ConductorSpec[] =>
  tables.conductors.flatMap((group) => group.sizes);

/** The form a page starts with: three of the second-smallest conductor of the unit system, smallest conduit. */
export function defaultConduitFillForm(tables: ConduitFillTables, units: UnitSystem): ConduitFillForm {
  const type = tables.conduitTypes[0];
  const group = tables.conductors.find((g) => g.unitSystem === units) ?? tables.conductors[0];
  const conductor = group?.sizes[1] ?? group?.sizes[0];
  return {
    units,
    type: type?.id ?? '',
    size: type?.sizes[0]?.tradeSize ?? '',
    rows: [{ conductor: conductor?.id ?? CUSTOM_CONDUCTOR, count: '3', diameter: '' }],
  };
}

/** The form from a page's query; the default form when the query has no conduit type. */
export function readConduitFillForm(
  params: RawParams,
  tables: ConduitFillTables,
  fallbackUnits: UnitSystem,
): ConduitFillForm {
  const units = unitsParam(params, fallbackUnits);
  const type = param(params, 'type');
  if (type === null) return defaultConduitFillForm(tables, units);
  const rows: ConduitFillRow[] = [];
  // One row more than allowed is read, so that too many rows is reported rather than cut off silently.
  for (let i = 1; i <= tables.maxRows + 1; i++) {
    const conductor = param(params, `c${i}`);
    const count = param(params, `n${i}`);
    const diameter = param(params, `d${i}`);
    if (conductor === null && count === null && diameter === null) continue;
    rows.push({ conductor: conductor ?? '', count: count ?? '', diameter: diameter ?? '' });
  }
  return { units, type, size: param(params, 'size') ?? '', rows };
}

/** The query string of a form (for the URL of a result). */
export function conduitFillQuery(form: ConduitFillForm): URLSearchParams {
  const query = new URLSearchParams({ units: form.units, type: form.type, size: form.size });
  form.rows.forEach((row, i) => {
    query.set(`c${i + 1}`, row.conductor);
    query.set(`n${i + 1}`, row.count);
    if (row.conductor === CUSTOM_CONDUCTOR) query.set(`d${i + 1}`, row.diameter);
  });
  return query;
}

/** The form in another unit system: typed diameters converted, everything else kept. */
export function convertConduitFillForm(form: ConduitFillForm, units: UnitSystem): ConduitFillForm {
  if (form.units === units) return form;
  return {
    ...form,
    units,
    rows: form.rows.map((row) => {
      const value = parseDecimal(row.diameter);
      if (value === null) return row;
      return { ...row, diameter: inputValue('small', fromDisplay('small', value, form.units), units) };
    }),
  };
}

const isBlank = (row: ConduitFillRow) => row.count.trim() === '' && row.diameter.trim() === '';

/** The allowed fill for a number of conductors: the limit of the largest threshold it reaches. */
export function fillLimit(tables: ConduitFillTables, conductorCount: number): number {
  let percent = tables.limits[0]?.percent ?? 0;
  for (const limit of tables.limits) if (conductorCount >= limit.conductors) percent = limit.percent;
  return percent;
}

const circleArea = (diameterMm: number) => (Math.PI * diameterMm ** 2) / 4;

/** Validates the form and computes the fill; every problem is reported at once, nothing is computed then. */
export function evaluateConduitFill(
  form: ConduitFillForm,
  tables: ConduitFillTables,
  locale: string,
): ConduitFillOutcome {
  const errors: CalculatorMessage[] = [];
  const type = tables.conduitTypes.find((t) => t.id === form.type);
  const size = type?.sizes.find((s) => s.tradeSize === form.size);
  if (!type || !size) errors.push({ key: 'unknownChoice', field: type ? 'size' : 'type', values: {} });
  const rows = form.rows.map((row, i) => ({ row, number: i + 1 })).filter(({ row }) => !isBlank(row));
  if (form.rows.length > tables.maxRows)
    errors.push({ key: 'tooManyRows', field: null, values: { max: tables.maxRows } });
  if (rows.length === 0) errors.push({ key: 'noConductors', field: 'n1', values: {} });
  const conductors = allConductors(tables);
  const chosen: { number: number; count: number; diameterMm: number; areaMm2: number }[] = [];
  for (const { row, number } of rows) {
    let diameterMm: number | null = null;
    let areaMm2: number | null = null;
    if (row.conductor === CUSTOM_CONDUCTOR) {
      const typed = parseDecimal(row.diameter);
      const mm = typed === null ? null : fromDisplay('small', typed, form.units);
      if (mm === null || mm <= 0 || mm > tables.maxCustomDiameterMm)
        errors.push({
          key: 'diameterInvalid',
          field: `d${number}`,
          values: {
            row: number,
            max: formatQuantity('small', tables.maxCustomDiameterMm, form.units, locale),
          },
        });
      else {
        diameterMm = mm;
        areaMm2 = circleArea(mm);
      }
    } else {
      const conductor = conductors.find((c) => c.id === row.conductor);
      if (!conductor) errors.push({ key: 'unknownChoice', field: `c${number}`, values: {} });
      else {
        diameterMm = conductor.diameterMm;
        areaMm2 = conductor.areaMm2;
      }
    }
    const count = parseDecimal(row.count);
    if (count === null || !Number.isInteger(count) || count < 1 || count > tables.maxConductorsPerRow)
      errors.push({
        key: 'countInvalid',
        field: `n${number}`,
        values: { row: number, max: tables.maxConductorsPerRow },
      });
    else if (diameterMm !== null && areaMm2 !== null) chosen.push({ number, count, diameterMm, areaMm2 });
  }
  if (errors.length > 0 || !type || !size) return { ok: false, errors };
  for (const conductor of chosen) {
    if (conductor.diameterMm >= size.internalDiameterMm)
      errors.push({
        key: 'conductorTooLarge',
        field: `c${conductor.number}`,
        values: {
          row: conductor.number,
          diameter: formatQuantity('small', conductor.diameterMm, form.units, locale),
          inside: formatQuantity('small', size.internalDiameterMm, form.units, locale),
        },
      });
  }
  if (errors.length > 0) return { ok: false, errors };
  const conductorCount = chosen.reduce((sum, c) => sum + c.count, 0);
  const totalAreaMm2 = chosen.reduce((sum, c) => sum + c.count * c.areaMm2, 0);
  const largestMm = Math.max(...chosen.map((c) => c.diameterMm));
  const limitPercent = fillLimit(tables, conductorCount);
  const fillIn = (s: ConduitSizeSpec) => (totalAreaMm2 / circleArea(s.internalDiameterMm)) * 100;
  const fits = (s: ConduitSizeSpec) => largestMm < s.internalDiameterMm && fillIn(s) <= limitPercent;
  const smallest = type.sizes.find(fits);
  const fillPercent = fillIn(size);
  return {
    ok: true,
    result: {
      type,
      size,
      conductorCount,
      totalAreaMm2,
      conduitAreaMm2: circleArea(size.internalDiameterMm),
      fillPercent,
      limitPercent,
      passes: fillPercent <= limitPercent,
      smallest: smallest ? { ...smallest, fillPercent: fillIn(smallest) } : null,
    },
  };
}
