import type { UnitSystem } from '@catalogue/dataset/model';

/**
 * The calculators as the storefront uses them: the content service's definition (texts and tables, all
 * in mm, mm², mm⁴, kg/m and MPa) with the catalogue number of the product behind each conduit trade size
 * and channel profile in the locale's regional catalog (`data/calculators.ts` adds them). Plain data, so
 * the same object is rendered on the server and handed to the browser.
 */

export type CalculatorTexts = Record<string, string>;

export interface ConduitSizeSpec {
  tradeSize: string;
  label: string;
  internalDiameterMm: number;
  /** The standard product of this type and size in the regional catalog. */
  sku: string;
}

export interface ConduitTypeSpec {
  id: string;
  label: string;
  /** Smallest first. */
  sizes: ConduitSizeSpec[];
}

export interface ConductorSpec {
  id: string;
  label: string;
  areaMm2: number;
  diameterMm: number;
}

export interface ConductorGroupSpec {
  id: string;
  label: string;
  unitSystem: UnitSystem;
  sizes: ConductorSpec[];
}

export interface ConduitFillTables {
  maxRows: number;
  maxConductorsPerRow: number;
  maxCustomDiameterMm: number;
  limits: { conductors: number; percent: number }[];
  conduitTypes: ConduitTypeSpec[];
  conductors: ConductorGroupSpec[];
}

export interface StrutProfileSpec {
  id: string;
  label: string;
  momentOfInertiaMm4: number;
  sectionModulusMm3: number;
  weightKgPerM: number;
  sku: string;
}

export interface StrutSpanTables {
  elasticModulusMpa: number;
  allowableStressMpa: number;
  maxSpanMm: number;
  maxUniformLoadKgPerM: number;
  maxPointLoadKg: number;
  deflectionLimits: number[];
  profiles: StrutProfileSpec[];
}

interface CalculatorBase {
  id: string;
  title: string;
  description: string;
  formulaDescription: string;
  /** The locale's default unit system. */
  unitSystem: UnitSystem;
  texts: CalculatorTexts;
  /** Category ids of the families that show the calculator. */
  families: string[];
}

export type CalculatorDefinition =
  | (CalculatorBase & { kind: 'conduit-fill'; conduitFill: ConduitFillTables })
  | (CalculatorBase & { kind: 'strut-span'; strutSpan: StrutSpanTables });

/** A message of a calculator: a text key and its placeholder values (numbers already formatted). */
export interface CalculatorMessage {
  key: string;
  /** The form field it is about (its `name`), so the field can point at the message. */
  field: string | null;
  values: Record<string, string | number>;
}

/** Fills `{name}` placeholders of a calculator text (missing texts show their key, never nothing). */
export function calculatorText(
  texts: CalculatorTexts,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const template = texts[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}
