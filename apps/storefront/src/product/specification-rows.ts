import type { MeasuredValue, UnitSystem } from '@catalogue/dataset/model';
import { formatMeasurement, type MetricUnit } from '@catalogue/drawings/measure';
import type { AttributeLabels } from '../data/family-content';
import type { ProductDetail } from '../data/product-shapes';
import type { Translate } from '../i18n/translator';

/**
 * The specifications of one SKU as rows of a table: the page renders them (measures follow the visitor's
 * unit toggle), the spec sheet, the master specification and the BIM file print them as text. Labels are
 * the attribute labels of the content (`attributes` item), so the page and the files say the same.
 */

export type SpecValue =
  | { kind: 'text'; text: string }
  | { kind: 'measure'; value: number; unit: MetricUnit }
  | { kind: 'tradeSize'; value: MeasuredValue };

export interface SpecRow {
  /** The attribute id (`material`), stable across languages: tests and the IFC property names use it. */
  id: string;
  label: string;
  value: SpecValue;
}

const text = (value: string): SpecValue => ({ kind: 'text', text: value });

/** The rows of a SKU in the order of the attributes file; attributes the SKU lacks are left out. */
export function specificationRows(
  product: ProductDetail,
  attributes: ReadonlyMap<string, AttributeLabels>,
  t: Translate,
): SpecRow[] {
  const label = (id: string) => attributes.get(id)?.label ?? id;
  const option = (id: string, code: string) => attributes.get(id)?.options.get(code) ?? code;
  const rows: SpecRow[] = [
    { id: 'catalogueNumber', label: t('product.catalogueNumber'), value: text(product.id) },
  ];
  if (product.tradeSize)
    rows.push({
      id: 'tradeSize',
      label: label('tradeSize'),
      value: { kind: 'tradeSize', value: product.tradeSize },
    });
  if (product.material)
    rows.push({
      id: 'material',
      label: label('material'),
      value: text(option('material', product.material)),
    });
  if (product.finish)
    rows.push({ id: 'finish', label: label('finish'), value: text(option('finish', product.finish)) });
  if (product.lengthMm !== null)
    rows.push({
      id: 'lengthMm',
      label: label('lengthMm'),
      value: { kind: 'measure', value: product.lengthMm / 1000, unit: 'm' },
    });
  if (product.loadClass)
    rows.push({
      id: 'loadClass',
      label: label('loadClass'),
      value: text(option('loadClass', product.loadClass)),
    });
  if (product.certifications.length > 0)
    rows.push({
      id: 'certifications',
      label: label('certifications'),
      value: text(product.certifications.map((code) => option('certifications', code)).join(', ')),
    });
  // What one unit of the SKU is, next to its weight (issue 22 item 3): a pack weighs all its pieces.
  const pieces = product.packagingQuantity;
  if (product.weightKg !== null)
    rows.push({
      id: 'weightKg',
      label:
        pieces === null
          ? label('weightKg')
          : pieces === 1
            ? t('product.weightPerPiece')
            : t('product.weightPerPack', { count: pieces }),
      value: { kind: 'measure', value: product.weightKg, unit: 'kg' },
    });
  if (pieces !== null)
    rows.push({
      id: 'packagingQuantity',
      label: label('packagingQuantity'),
      value: text(salesUnitText(pieces, t)),
    });
  if (product.quantityMultiplier > 1)
    rows.push({
      id: 'quantityMultiplier',
      label: t('product.orderMultiple'),
      value: text(String(product.quantityMultiplier)),
    });
  rows.push({
    id: 'madeToOrder',
    label: label('madeToOrder'),
    value: text(product.madeToOrder ? t('product.yes') : t('product.no')),
  });
  return rows;
}

/** One unit of a SKU in words: "Piece", "Pack of 50". */
export function salesUnitText(pieces: number, t: Translate): string {
  return pieces === 1 ? t('product.salesUnit.piece') : t('product.salesUnit.pack', { count: pieces });
}

/** A row's value as plain text in a unit system and a locale's number format (files, not the page). */
export function specValueText(value: SpecValue, system: UnitSystem, locale: string): string {
  switch (value.kind) {
    case 'text':
      return value.text;
    case 'tradeSize':
      return value.value[system];
    case 'measure':
      return formatMeasurement({ value: value.value, unit: value.unit }, system, locale, 3).replace(
        '\u00a0',
        ' ',
      );
  }
}
