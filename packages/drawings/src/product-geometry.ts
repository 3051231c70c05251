import type { MeasuredValue } from '@catalogue/dataset/model';

/**
 * A SKU's simplified shape in millimetres, from its catalogue data alone: a profile (round or
 * rectangular) swept along its length. The CAD drawing draws it, the BIM model extrudes it. The trade
 * size's metric text says the profile: `21 mm` a round section (`M10` a rod, `2.5 mm²` a conductor of
 * that area), `41 x 21 mm` a rectangle, `102 x 102 x 51 mm` a box whose third dimension is its depth;
 * cable trays are as wide as their size with 100 mm side rails. A unit may follow each number
 * (`102 x 102 mm x 38 mm`).
 */

export type Profile =
  | { kind: 'circle'; diameter: number }
  | { kind: 'rectangle'; width: number; height: number };

export interface ProductGeometry {
  profile: Profile;
  /** Along the sweep: the SKU's length, a box's depth, else as long as the profile is wide. */
  lengthMm: number;
  /**
   * False when the trade size says nothing usable (none, or a volume such as `300 ml`): the shape is then
   * a stand-in block, and no drawing or file may print its made-up size as a dimension.
   */
  measured: boolean;
}

/** The profile when the trade size says nothing usable. */
const DEFAULT_PROFILE: Profile = { kind: 'rectangle', width: 50, height: 50 };
const TRAY_RAIL_HEIGHT_MM = 100;

const numberOf = (text: string) => Number(text.replace(',', '.'));

/** What a SKU's shape is read from: its catalogue data (the product's `xp.TradeSize`, `LengthMm`, `CategoryID`). */
export interface GeometrySource {
  tradeSize: MeasuredValue | null;
  lengthMm: number | null;
  categoryId: string;
}

export function productGeometry(product: GeometrySource): ProductGeometry {
  const metric = product.tradeSize?.metric.trim() ?? '';
  let profile: Profile = DEFAULT_PROFILE;
  let depth: number | null = null;
  const dimensions =
    /^(\d+(?:[.,]\d+)?)(?:\s*(?:mm)?\s*x\s*(\d+(?:[.,]\d+)?))?(?:\s*(?:mm)?\s*x\s*(\d+(?:[.,]\d+)?))?\s*mm(²)?$/.exec(
      metric,
    );
  const thread = /^M(\d+(?:[.,]\d+)?)$/.exec(metric);
  if (dimensions?.[1]) {
    const first = numberOf(dimensions[1]);
    if (dimensions[4]) profile = { kind: 'circle', diameter: round(2 * Math.sqrt(first / Math.PI)) };
    else if (dimensions[2]) {
      profile = { kind: 'rectangle', width: first, height: numberOf(dimensions[2]) };
      if (dimensions[3]) depth = numberOf(dimensions[3]);
    } else if (product.categoryId.startsWith('cable-tray'))
      profile = { kind: 'rectangle', width: first, height: TRAY_RAIL_HEIGHT_MM };
    else profile = { kind: 'circle', diameter: first };
  } else if (thread?.[1]) profile = { kind: 'circle', diameter: numberOf(thread[1]) };
  const widest = profile.kind === 'circle' ? profile.diameter : Math.max(profile.width, profile.height);
  return { profile, lengthMm: product.lengthMm ?? depth ?? widest, measured: profile !== DEFAULT_PROFILE };
}

/** The profile's width and height. */
export function profileSize(profile: Profile): { width: number; height: number } {
  return profile.kind === 'circle'
    ? { width: profile.diameter, height: profile.diameter }
    : { width: profile.width, height: profile.height };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
