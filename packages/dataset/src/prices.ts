import type { DatasetPriceBreak, DatasetPriceSchedule } from './model';
import type { Random } from './random';

/** Order quantities of the price breaks, in multiples of the product's quantity multiplier. */
const BREAK_QUANTITIES = [1, 10, 50, 250];
/** Discount range of each break against the list price. */
const DISCOUNTS: [number, number][] = [
  [1, 1],
  [0.92, 0.96],
  [0.85, 0.9],
  [0.77, 0.83],
];

/** The lowest list price in cents, so that every break can still be a cent cheaper than the one before. */
const MIN_PRICE = 10;

/**
 * A product's price schedule `PS-<id>` in USD: three or four breaks, each unit price (in cents) lower than
 * the one before.
 */
export function priceSchedule(
  productId: string,
  listPrice: number,
  quantityMultiplier: number,
  random: Random,
): DatasetPriceSchedule {
  const list = Math.max(MIN_PRICE, Math.round(listPrice));
  const breakCount = random.chance(0.6) ? 4 : 3;
  const priceBreaks: DatasetPriceBreak[] = [];
  for (let i = 0; i < breakCount; i++) {
    const [low, high] = DISCOUNTS[i] ?? [1, 1];
    let price = Math.round(list * random.between(low, high));
    const previous = priceBreaks[i - 1]?.priceMinor;
    if (previous !== undefined) price = Math.max(1, Math.min(price, previous - 1));
    priceBreaks.push({ quantity: (BREAK_QUANTITIES[i] ?? 1) * quantityMultiplier, priceMinor: price });
  }
  return {
    id: `PS-${productId}`,
    name: `${productId} list price`,
    currency: 'USD',
    minQuantity: quantityMultiplier,
    maxQuantity: null,
    priceBreaks,
  };
}
