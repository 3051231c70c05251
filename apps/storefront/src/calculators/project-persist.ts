/**
 * Products chosen for a project before projects exist in the storefront (they come with the project
 * pages). Spec §3 lets only `productPersist`, user and project state persist in local storage, so they are
 * kept in `productPersist`, under `pendingProjectItems`, beside whatever else that key holds; the project
 * pages take them from there.
 */
export const PRODUCT_PERSIST_KEY = 'productPersist';
export const MAX_PROJECT_QUANTITY = 9999;

export interface PendingProjectItem {
  productId: string;
  quantity: number;
  /** The calculator that proposed it (`conduit-fill`, `strut-span`). */
  source: string;
}

function isItem(value: unknown): value is PendingProjectItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.productId === 'string' &&
    typeof item.source === 'string' &&
    typeof item.quantity === 'number' &&
    Number.isInteger(item.quantity) &&
    item.quantity > 0
  );
}

/** The items kept in a `productPersist` value (none when it is missing or not ours). */
export function pendingProjectItems(stored: string | null): PendingProjectItem[] {
  const state = parse(stored);
  return Array.isArray(state.pendingProjectItems) ? state.pendingProjectItems.filter(isItem) : [];
}

function parse(stored: string | null): Record<string, unknown> {
  if (!stored) return {};
  try {
    const value: unknown = JSON.parse(stored);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    // Not JSON: nothing of it can be kept, the new value replaces it.
    return {};
  }
}

/**
 * The new `productPersist` value with an item added: the quantity of a product already kept from the same
 * calculator grows (capped at the maximum), other keys of the value stay as they are.
 */
export function withPendingItem(stored: string | null, item: PendingProjectItem): string {
  const state = parse(stored);
  const items = pendingProjectItems(stored);
  const existing = items.find((i) => i.productId === item.productId && i.source === item.source);
  if (existing) existing.quantity = Math.min(MAX_PROJECT_QUANTITY, existing.quantity + item.quantity);
  else items.push(item);
  return JSON.stringify({ ...state, pendingProjectItems: items });
}
