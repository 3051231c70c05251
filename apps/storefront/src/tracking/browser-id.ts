/**
 * The browser-id cookie (spec §3): a random UUID identifying this browser to the personalisation and
 * analytics layer, kept 365 days. It exists only while tracking consent is on (spec §4). The name is the
 * one the personalisation service's SDK reads.
 */
export const BROWSER_ID_COOKIE = '__ruid';

/** A version-4 UUID; `crypto.randomUUID` exists only in secure contexts, so plain-HTTP pages build one. */
export function newUuid(random: Pick<Crypto, 'getRandomValues'> = crypto): string {
  const bytes = random.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
