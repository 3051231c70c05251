/**
 * Where the storefront serves the thumbnail of a product's drawing (`drawingHref(locale, id, 'thumb')` in
 * `apps/storefront/src/product/drawing-images.ts`): results and the header's preview show it as the
 * product's `image_url`. The service only links it; the storefront generates it from the product's
 * geometry, and answers it with an ETag (no version here: the index does not hold the drawing).
 */
export function drawingThumbPath(localeCode: string, productId: string): string {
  return `/api/drawings/${localeCode.toLowerCase()}/${encodeURIComponent(productId)}/thumb.svg`;
}
