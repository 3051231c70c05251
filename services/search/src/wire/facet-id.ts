/**
 * Facet value ids: `"facetid_" + base64(JSON {type:'eq', name, value})` (docs/search-wire.md). The
 * client sends them back in `facet.types[i].filter.values`.
 */

const PREFIX = 'facetid_';

export function facetValueId(name: string, value: string): string {
  return PREFIX + Buffer.from(JSON.stringify({ type: 'eq', name, value }), 'utf8').toString('base64');
}

/** The facet name and value of an id, or null when it is not one of ours. */
export function parseFacetValueId(id: string): { name: string; value: string } | null {
  if (!id.startsWith(PREFIX)) return null;
  const encoded = id.slice(PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return null;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
    if (typeof decoded !== 'object' || decoded === null) return null;
    const { type, name, value } = decoded as Record<string, unknown>;
    if (type !== 'eq' || typeof name !== 'string') return null;
    if (typeof value === 'string') return { name, value };
    if (typeof value === 'number' || typeof value === 'boolean') return { name, value: String(value) };
    return null;
  } catch {
    return null;
  }
}
