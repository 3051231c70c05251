import type { Region } from '@catalogue/dataset/model';

/** Country calling codes of the regions that are one country (EU numbers are written with theirs). */
const CALLING_CODES: Partial<Record<Region, string>> = { US: '1', CA: '1', GB: '44', AU: '61', NZ: '64' };

/**
 * A `tel:` link for a phone number as the region writes it, in international form where the region
 * tells the country: `(617) 555-0142` (US) → `tel:+16175550142`, `020 7946 0100` (GB) →
 * `tel:+442079460100`, `+49 30 23125 410` → `tel:+493023125410`.
 */
export function telHref(phone: string, region: Region): string {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return `tel:+${digits}`;
  const code = CALLING_CODES[region];
  if (!code) return `tel:${digits}`;
  if (code === '1') return `tel:+${digits.length === 11 && digits.startsWith('1') ? digits : `1${digits}`}`;
  return `tel:+${code}${digits.replace(/^0/, '')}`;
}
