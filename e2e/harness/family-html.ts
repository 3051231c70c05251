/**
 * The catalogue numbers a family page's SKU table lists, in order, read from its HTML: the number cell's
 * link to the product page (the cell may hold the drawing's thumbnail and carries a data-label).
 */
export function skuNumbersOf(html: string): string[] {
  return [
    ...html.matchAll(/class="sku-table__number"[^>]*>\s*<a [^>]*href="[^"]*\/product\/([^"?#]+)"/g),
  ].map((match) => decodeURIComponent(match[1] ?? ''));
}
