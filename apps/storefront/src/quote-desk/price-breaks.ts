import { type PriceSchedule, PriceSchedules } from 'ordercloud-javascript-sdk';
import { configureInProcessCommerce } from '../data/commerce-sdk';

/**
 * The price break a quote line's list price started from (docs/quotes-wire.md "Prices": the buyer's price
 * schedule's break for the quantity). The seller reads the schedules through the SDK with their own
 * token; a schedule they cannot read only leaves the break out.
 */
export interface PriceBreakInfo {
  /** The break's quantity: "from 100". */
  quantity: number;
  price: number;
  salePrice: number | null;
}

interface Break {
  Quantity?: number;
  Price?: number;
  SalePrice?: number | null;
}

/** The break with the highest quantity not above the line's quantity (the first break when none is). */
export function appliedBreak(breaks: readonly Break[], quantity: number): PriceBreakInfo | null {
  const usable = breaks
    .filter(
      (b): b is Required<Pick<Break, 'Quantity' | 'Price'>> & Break =>
        typeof b.Quantity === 'number' && typeof b.Price === 'number',
    )
    .sort((a, b) => a.Quantity - b.Quantity);
  let chosen = usable[0];
  for (const b of usable) if (b.Quantity <= quantity) chosen = b;
  return chosen
    ? { quantity: chosen.Quantity, price: chosen.Price, salePrice: chosen.SalePrice ?? null }
    : null;
}

/** The breaks of each schedule, by schedule ID (missing when it cannot be read). */
export async function priceSchedulesOf(token: string, ids: readonly string[]): Promise<Map<string, Break[]>> {
  configureInProcessCommerce();
  const schedules = new Map<string, Break[]>();
  await Promise.all(
    [...new Set(ids)].map(async (id) => {
      try {
        const schedule: PriceSchedule = await PriceSchedules.Get(id, { accessToken: token });
        schedules.set(id, schedule.PriceBreaks ?? []);
      } catch {
        // Not readable with this seller's roles: the line shows its list price without the break.
      }
    }),
  );
  return schedules;
}
