import { createHash } from 'node:crypto';
import { EU_COUNTRIES } from '@catalogue/dataset/model';
import { divide, type Money, money, percentOf, roundCents, ZERO } from './money';

/**
 * The built-in shipping and tax rules behind `estimateshipping`, `shipmethods` and `calculate`. There is no
 * carrier or tax integration: these tables are the configuration, and every figure is computed from them on
 * the server (bigint money, never floating point).
 *
 * Shipping: line items are grouped into one ship estimate per (supplier, ship-from address, ship-to
 * address). Each estimate offers every method of the destination's shipping region; a method costs
 * `Base + PerWeightUnit × weight`, rounded to cents, where weight = Σ quantity × QuantityMultiplier ×
 * ShipWeight (the variant's ShipWeight when it has one, else the product's; none counts 0).
 *
 * Tax: a rate per ship-to country (US: per state), applied to each line's LineTotal, to the selected
 * shipping of each estimate, and (negatively) to order-level promotion discounts at the order's primary
 * country (billing address, else the first line's ship-to). Unknown countries are taxed at 0.
 */
export interface ShipMethodRule {
  ID: string;
  Name: string;
  Base: string;
  PerWeightUnit: string;
  EstimatedTransitDays: number;
}

const methods = (standard: [string, string, number], express: [string, string, number]): ShipMethodRule[] => [
  {
    ID: 'Standard',
    Name: 'Standard',
    Base: standard[0],
    PerWeightUnit: standard[1],
    EstimatedTransitDays: standard[2],
  },
  {
    ID: 'Express',
    Name: 'Express',
    Base: express[0],
    PerWeightUnit: express[1],
    EstimatedTransitDays: express[2],
  },
];

/** Shipping regions: their methods (Base, PerWeightUnit, EstimatedTransitDays). */
export const SHIPPING_REGIONS: Record<string, ShipMethodRule[]> = {
  US: methods(['8.00', '0.60', 5], ['24.00', '1.50', 2]),
  CA: methods(['10.00', '0.75', 6], ['28.00', '1.75', 2]),
  GB: methods(['6.50', '0.50', 3], ['15.00', '1.20', 1]),
  EU: methods(['7.50', '0.55', 4], ['19.00', '1.40', 2]),
  AUNZ: methods(['12.00', '0.90', 7], ['32.00', '2.10', 3]),
  /** Anywhere else, and line items without a shipping address. */
  OTHER: methods(['20.00', '1.50', 10], ['45.00', '3.00', 4]),
};

export function shippingRegion(country: string | null | undefined): string {
  const code = (country ?? '').trim().toUpperCase();
  if (code === 'US' || code === 'CA' || code === 'GB') return code;
  if (code === 'UK') return 'GB';
  if (code === 'AU' || code === 'NZ') return 'AUNZ';
  if (EU_COUNTRIES.includes(code)) return 'EU';
  return 'OTHER';
}

/** Tax rates in percent by country; the US by state (state sales tax base rates), other states 0. */
export const TAX_RATES: Record<string, string> = {
  CA: '5',
  GB: '20',
  AT: '20',
  BE: '21',
  DE: '19',
  DK: '25',
  ES: '21',
  FI: '25.5',
  FR: '20',
  IE: '23',
  IT: '22',
  NL: '21',
  PL: '23',
  PT: '23',
  SE: '25',
  AU: '10',
  NZ: '15',
};
export const US_STATE_TAX_RATES: Record<string, string> = {
  CA: '7.25',
  CO: '2.9',
  FL: '6',
  GA: '4',
  IL: '6.25',
  MA: '6.25',
  NJ: '6.625',
  NY: '4',
  PA: '6',
  TX: '6.25',
  WA: '6.5',
};

/** The tax rate (percent, as Money) for an address. */
export function taxRate(address: { Country?: unknown; State?: unknown } | null | undefined): Money {
  const country = String(address?.Country ?? '')
    .trim()
    .toUpperCase();
  const rate =
    country === 'US'
      ? US_STATE_TAX_RATES[
          String(address?.State ?? '')
            .trim()
            .toUpperCase()
        ]
      : TAX_RATES[country];
  return money(rate ?? '0') ?? ZERO;
}

/** What the rules need of a line item. */
export interface ShippableLine {
  id: string;
  quantity: number;
  supplierId: string | null;
  shipFromAddressId: string | null;
  shippingAddress: Record<string, unknown> | null;
  product: Record<string, unknown>;
  variant: Record<string, unknown> | null;
}

export interface ShipEstimateGroup {
  ID: string;
  region: string;
  shipTo: Record<string, unknown> | null;
  supplierId: string | null;
  shipFromAddressId: string | null;
  /** Σ units × ShipWeight, four decimals. */
  weight: Money;
  items: { LineItemID: string; Quantity: number }[];
  methods: { ID: string; Name: string; cost: Money; EstimatedTransitDays: number }[];
}

function shipToKey(address: Record<string, unknown> | null): string {
  if (!address) return '';
  if (address.ID) return `id:${String(address.ID)}`;
  return ['Street1', 'Street2', 'City', 'State', 'Zip', 'Country']
    .map((k) => String(address[k] ?? ''))
    .join('\u0001');
}

/**
 * The ship estimates of an order's line items (deterministic: the same lines give the same estimate IDs,
 * so a selected method survives until its group of line items changes).
 */
export function shipEstimates(lines: ShippableLine[]): ShipEstimateGroup[] {
  const groups = new Map<string, ShipEstimateGroup>();
  for (const line of [...lines].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    const key = `${line.supplierId ?? ''}\u0000${line.shipFromAddressId ?? ''}\u0000${shipToKey(line.shippingAddress)}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        ID: `SE-${createHash('sha256').update(key).digest('hex').slice(0, 16)}`,
        region: shippingRegion(line.shippingAddress?.Country as string | undefined),
        shipTo: line.shippingAddress,
        supplierId: line.supplierId,
        shipFromAddressId: line.shipFromAddressId,
        weight: ZERO,
        items: [],
        methods: [],
      };
      groups.set(key, group);
    }
    const multiplier = Math.max(Number(line.product.QuantityMultiplier ?? 1) || 1, 1);
    const unitWeight = line.variant?.ShipWeight ?? line.product.ShipWeight ?? null;
    const perUnit =
      unitWeight === null || unitWeight === undefined ? ZERO : (money(Number(unitWeight)) ?? ZERO);
    group.weight += perUnit * BigInt(line.quantity * multiplier);
    group.items.push({ LineItemID: line.id, Quantity: line.quantity });
  }
  for (const group of groups.values()) {
    const rules = SHIPPING_REGIONS[group.region] ?? SHIPPING_REGIONS.OTHER ?? [];
    group.methods = rules.map((rule) => ({
      ID: rule.ID,
      Name: rule.Name,
      cost: roundCents(
        (money(rule.Base) ?? ZERO) + divide((money(rule.PerWeightUnit) ?? ZERO) * group.weight, 10_000n),
      ),
      EstimatedTransitDays: rule.EstimatedTransitDays,
    }));
  }
  return [...groups.values()];
}

/** Tax on an amount at a rate (percent), in cents. */
export function taxOn(amount: Money, rate: Money): Money {
  return roundCents(percentOf(amount, rate));
}
