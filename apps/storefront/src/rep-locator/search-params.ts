import { REGIONS, type Region } from '@catalogue/dataset/model';

/** What the rep locator searches for, read from its URL (`?region=US&postalCode=10001`). */
export interface RepSearch {
  region: Region;
  /** The postal code as typed (trimmed, at most 40 characters); empty when nothing was searched yet. */
  postalCode: string;
}

type SearchParams = Readonly<Record<string, string | string[] | undefined>>;

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** Reads the search from the query string; a missing or unknown region is the page locale's region. */
export function readRepSearch(params: SearchParams, defaultRegion: Region): RepSearch {
  const region = first(params.region).trim().toUpperCase();
  return {
    region: (REGIONS as readonly string[]).includes(region) ? (region as Region) : defaultRegion,
    postalCode: first(params.postalCode).trim().slice(0, 40),
  };
}
