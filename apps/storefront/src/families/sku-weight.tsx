import { measureTexts } from '@catalogue/drawings/measure';
import type { Translate } from '../i18n/translator';
import { Measure } from '../units/measure-view';

interface SkuWeightProps {
  /** The weight of one unit of the SKU, in kilograms. */
  weightKg: number;
  /** Pieces in that unit (1: one piece, 50: a pack of 50); null when the product does not say. */
  pieces: number | null;
  locale: string;
  t: Translate;
}

/**
 * A family table's weight cell: the weight in the visitor's unit system and what it is the weight of,
 * "1.36 kg per piece" or "68 kg per pack of 50" (issue 22 item 3), so a pack is never read as a piece.
 */
export function SkuWeight({ weightKg, pieces, locale, t }: SkuWeightProps) {
  return (
    <>
      <Measure text={measureTexts({ value: weightKg, unit: 'kg' }, locale)} />
      {pieces !== null && (
        <span className="sku-table__unit">
          {' '}
          {pieces === 1 ? t('family.skus.perPiece') : t('family.skus.perPack', { count: pieces })}
        </span>
      )}
    </>
  );
}
