import type { UnitSystem } from '@catalogue/dataset/model';

/** The query of a calculator page as Next.js hands it over, or the browser's URLSearchParams. */
export type RawParams = Record<string, string | string[] | undefined> | URLSearchParams;

/** One parameter's first value, or null. */
export function param(params: RawParams, name: string): string | null {
  if (params instanceof URLSearchParams) return params.get(name);
  const value = params[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/** The unit system numbers in the query are written in (`units=metric|imperial`), else the fallback. */
export function unitsParam(params: RawParams, fallback: UnitSystem): UnitSystem {
  const value = param(params, 'units');
  return value === 'metric' || value === 'imperial' ? value : fallback;
}
