/**
 * How a stored page can be sent for an `Accept-Encoding`: gzip whenever it is acceptable (even when `br`
 * is preferred: a stored page has no Brotli form, see response-cache.ts), identity when neither is, and
 * null — the caller sends it the usual way — for a client that takes Brotli but not gzip, or nothing
 * this cache has.
 */
export function storedEncoding(header: string | undefined): 'gzip' | 'identity' | null {
  if (!header) return 'identity';
  const q = new Map<string, number>();
  for (const item of header.split(',')) {
    const [name = '', ...params] = item.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    const weight = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
    q.set(coding, weight === undefined ? 1 : Number(weight));
  }
  const accepted = (coding: string, byDefault: number) => (q.get(coding) ?? q.get('*') ?? byDefault) > 0;
  if (accepted('gzip', 0)) return 'gzip';
  if (accepted('br', 0)) return null;
  // Identity is acceptable unless refused by name, or by `*;q=0` without being named.
  return (q.get('identity') ?? (q.get('*') === 0 ? 0 : 1)) > 0 ? 'identity' : null;
}
