/**
 * The personalisation tool's point of sale (spec §2): the site name for the root path, otherwise the
 * site name plus the first path segment, joined by `/` *(our choice of separator)*:
 * `Northfield/products`. The path is locale-neutral (`/products/x`, not `/fr-ca/products/x`), so one
 * section of the site is one point of sale in every locale; the segment is lowercased.
 */
export function pointOfSale(siteName: string, path: string): string {
  const first = path
    .split(/[?#]/, 1)[0]
    ?.split('/')
    .find((segment) => segment !== '');
  return first ? `${siteName}/${first.toLowerCase()}` : siteName;
}
