import type { Region } from '@catalogue/dataset';

/** A postal code in the form territories are matched against (see packages/dataset/data/territories.yaml). */
export interface PostalKey {
  /** The code as the region writes it, e.g. `60601`, `M5V 3L9`, `SW1A 1AA`, `DE-10115`. */
  normalised: string;
  /** What territory codes are compared with: ZIP, FSA, postcode area, `<country>-<code>`, postcode. */
  key: string;
  /** GB compares whole postcode areas; the other regions compare prefixes. */
  match: 'prefix' | 'exact';
}

/** Country codes of the EU region, with the form of their postal codes. */
const EU_COUNTRIES: Record<string, RegExp> = {
  AT: /^\d{4}$/,
  BE: /^\d{4}$/,
  DE: /^\d{5}$/,
  DK: /^\d{4}$/,
  ES: /^\d{5}$/,
  FI: /^\d{5}$/,
  FR: /^\d{5}$/,
  IE: /^[A-Z]\d[\dW][A-Z\d]{4}$/,
  IT: /^\d{5}$/,
  LU: /^\d{4}$/,
  NL: /^\d{4}[A-Z]{2}$/,
  PL: /^\d{5}$/,
  PT: /^\d{7}$/,
  SE: /^\d{5}$/,
};

/** What a region's postal codes look like, for the error message. */
export const POSTAL_CODE_EXAMPLES: Record<Region, string> = {
  US: 'a 5-digit ZIP code, optionally ZIP+4 (60601 or 60601-1234)',
  CA: 'a Canadian postal code or its first three characters (M5V 3L9 or M5V)',
  GB: 'a UK postcode or its outward code (SW1A 1AA or SW1A)',
  EU: 'a country code and postal code (DE-10115, FR 75001, NL 1012 AB)',
  AU: 'a 4-digit postcode (2000)',
  NZ: 'a 4-digit postcode (1010)',
};

/** Parses a postal code of a region; null when it does not have the region's form. */
export function parsePostalCode(region: Region, input: string): PostalKey | null {
  const text = input.trim().toUpperCase().replace(/\s+/g, ' ');
  switch (region) {
    case 'US': {
      const m = /^(\d{5})(?:-?(\d{4}))?$/.exec(text);
      return m?.[1] ? { normalised: m[2] ? `${m[1]}-${m[2]}` : m[1], key: m[1], match: 'prefix' } : null;
    }
    case 'CA': {
      const m = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])(?: ?(\d[ABCEGHJ-NPRSTV-Z]\d))?$/.exec(text);
      return m?.[1] ? { normalised: m[2] ? `${m[1]} ${m[2]}` : m[1], key: m[1], match: 'prefix' } : null;
    }
    case 'GB': {
      const m = /^(([A-Z]{1,2})\d[A-Z\d]?)(?: ?(\d[A-Z]{2}))?$/.exec(text);
      return m?.[1] && m[2]
        ? { normalised: m[3] ? `${m[1]} ${m[3]}` : m[1], key: m[2], match: 'exact' }
        : null;
    }
    case 'EU': {
      const m = /^([A-Z]{2})[ -]?(.+)$/.exec(text);
      const country = m?.[1];
      const code = m?.[2]?.replace(/ /g, '');
      const pattern = country ? EU_COUNTRIES[country] : undefined;
      if (!country || !code || !pattern?.test(code)) return null;
      return { normalised: `${country}-${code}`, key: `${country}-${code}`, match: 'prefix' };
    }
    case 'AU':
    case 'NZ':
      return /^\d{4}$/.test(text) ? { normalised: text, key: text, match: 'prefix' } : null;
  }
}

/** Whether a territory code covers a parsed postal code (EU codes name a country, with or without a prefix). */
export function covers(code: string, postal: PostalKey): boolean {
  if (postal.match === 'exact') return code === postal.key;
  if (/^[A-Z]{2}$/.test(code)) return postal.key.startsWith(`${code}-`);
  return postal.key.startsWith(code);
}
