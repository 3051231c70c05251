import type { LengthData } from './data-types';
import { type AttributeIndex, certificationsFor, type LeafSpec } from './leaf-spec';
import {
  type DatasetDownload,
  type DatasetPriceSchedule,
  type DatasetProduct,
  LANGUAGES,
  type Localized,
} from './model';
import { priceSchedule } from './prices';
import type { Random } from './random';
import {
  fill,
  isWholeFeet,
  joinSpecs,
  labelled,
  lengthLabel,
  MADE_TO_ORDER_VARIANT,
  midSentence,
  PACK_OF,
  salesUnitText,
  type UnitSystemChoice,
} from './texts';

/**
 * Bulk packs a leaf offers beyond its single pieces, as multiples of the family's standard pack (the
 * `packaging` of the taxonomy: 10 sticks of EMT → packs of 50 and 200).
 */
const PACK_MULTIPLES = [5, 20];

export interface ProductContext {
  index: AttributeIndex;
  random: Random;
  /** Catalogue numbers handed out so far (they must be unique across the dataset). */
  usedIds: Set<string>;
}

type Extension =
  | { kind: 'standard' }
  | { kind: 'pack'; quantity: number }
  | { kind: 'madeToOrder'; n: number };

function extensionOf(round: number, packaging: number): Extension {
  if (round === 0) return { kind: 'standard' };
  const multiple = PACK_MULTIPLES[round - 1];
  if (multiple) return { kind: 'pack', quantity: packaging * multiple };
  return { kind: 'madeToOrder', n: round - PACK_MULTIPLES.length };
}

/**
 * The weight of a SKU of `pieces` pieces, in kilograms to the gram: the piece is rounded first, so a
 * pack weighs exactly its pieces (at least a gram each).
 */
export function packWeightKg(pieceKg: number, pieces: number): number {
  const pieceGrams = Math.max(1, Math.round(pieceKg * 1000));
  return (pieceGrams * pieces) / 1000;
}

function uniqueId(segments: string[], used: Set<string>): string {
  const base = segments.join('-');
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
  used.add(id);
  return id;
}

function downloads(id: string, bim: boolean): DatasetDownload[] {
  const files: DatasetDownload[] = [
    { kind: 'specSheet', fileName: `${id}-spec-sheet.pdf`, format: 'pdf', shouldAskLogin: false },
    { kind: 'cad', fileName: `${id}.dwg`, format: 'dwg', shouldAskLogin: true },
    { kind: 'cad', fileName: `${id}.step`, format: 'step', shouldAskLogin: true },
  ];
  if (bim) {
    files.push({ kind: 'bim', fileName: `${id}.rfa`, format: 'rfa', shouldAskLogin: true });
    files.push({ kind: 'bim', fileName: `${id}.ifc`, format: 'ifc', shouldAskLogin: true });
  }
  return files;
}

/**
 * The SKUs of one leaf: one per length sold in the leaf's regions, then bulk packs of each, then numbered
 * made-to-order variants, until there are `count` of them.
 */
export function productsForLeaf(
  spec: LeafSpec,
  count: number,
  context: ProductContext,
): { product: DatasetProduct; schedule: DatasetPriceSchedule }[] {
  const { leaf } = spec;
  const { family } = leaf;
  const { index, random } = context;
  const lengths: (LengthData | null)[] = family.lengths.filter(
    (l) => !l.regions || l.regions.some((r) => leaf.regions.includes(r)),
  );
  if (lengths.length === 0) lengths.push(null);
  const referenceMm = family.lengths[0]?.mm ?? 1;
  const lengthLabel_ = index.byId.get('lengthMm')?.label;
  const packLabel = index.byId.get('packagingQuantity')?.label;
  const certificationLabels = index.byId.get('certifications');
  const results: { product: DatasetProduct; schedule: DatasetPriceSchedule }[] = [];

  for (let i = 0; i < count; i++) {
    const length = lengths[i % lengths.length] ?? null;
    const extension = extensionOf(Math.floor(i / lengths.length), family.packaging);
    const regions = length?.regions ? leaf.regions.filter((r) => length.regions?.includes(r)) : leaf.regions;
    const segments = [...spec.stem];
    if (length) segments.push(length.sku);
    if (extension.kind === 'pack') segments.push(`P${extension.quantity}`);
    if (extension.kind === 'madeToOrder') segments.push(`M${String(extension.n).padStart(2, '0')}`);
    const id = uniqueId(segments, context.usedIds);

    // One unit of a SKU is one piece, or for a bulk pack the whole pack: its price and weight are the
    // piece's times the pieces in it (issue 22 item 3), so a pack never weighs less than its pieces.
    const packagingQuantity = extension.kind === 'pack' ? extension.quantity : 1;
    const lengthFactor = length ? length.mm / referenceMm : 1;
    let priceFactor = spec.priceFactor * lengthFactor * packagingQuantity * random.between(0.94, 1.06);
    if (extension.kind === 'pack') priceFactor *= 0.97;
    if (extension.kind === 'madeToOrder') priceFactor *= 1.25;
    const weightKg = packWeightKg(family.weightKg * spec.weightFactor * lengthFactor, packagingQuantity);
    const certifications = certificationsFor(leaf, regions, index);
    // English texts of North American products use imperial sizes and lengths where they are designed so.
    const system: UnitSystemChoice = regions.some((r) => r === 'US' || r === 'CA') ? 'imperial' : 'metric';
    const lengthSystem: UnitSystemChoice = length && isWholeFeet(length.mm) ? system : 'metric';

    const name = {} as Localized;
    const description = {} as Localized;
    for (const language of LANGUAGES) {
      const unit = language === 'en' ? system : 'metric';
      const parts = spec.nameParts[unit].map((p) => p[language]);
      const lengthUnit = language === 'en' ? lengthSystem : 'metric';
      if (length) parts.push(lengthLabel(length.mm, lengthUnit, language));
      if (extension.kind === 'pack') parts.push(fill(PACK_OF[language], String(extension.quantity)));
      if (extension.kind === 'madeToOrder')
        parts.push(fill(MADE_TO_ORDER_VARIANT[language], String(extension.n).padStart(2, '0')));
      name[language] = `${family.name[language]}, ${parts.join(', ')}`;

      const specs = [...spec.specParts[unit][language]];
      if (length && lengthLabel_)
        specs.push(labelled(lengthLabel_[language], lengthLabel(length.mm, lengthUnit, language), language));
      if (packLabel)
        specs.push(labelled(packLabel[language], salesUnitText(packagingQuantity, language), language));
      if (certifications.length > 0 && certificationLabels) {
        const texts = certifications.map((code, i) => {
          const text = certificationLabels.options.find((o) => o.code === code)?.label[language] ?? code;
          return i === 0 ? text : midSentence(text, language);
        });
        specs.push(texts.join(', '));
      }
      description[language] = joinSpecs(specs, language);
    }

    const quantityMultiplier = extension.kind === 'pack' ? 1 : family.orderMultiple;
    const schedule = priceSchedule(id, family.basePriceCents * priceFactor, quantityMultiplier, random);
    const product: DatasetProduct = {
      id,
      categoryId: leaf.node.id,
      name,
      description,
      active: !random.chance(0.02),
      regions: [...regions],
      visibleToUserGroup: null,
      attributes: {
        tradeSize: spec.tradeSize,
        material: spec.material,
        finish: spec.finish,
        lengthMm: length ? length.mm : null,
        loadClass: spec.loadClass,
        certifications,
        weightKg,
        packagingQuantity,
        madeToOrder: extension.kind === 'madeToOrder' || random.chance(family.madeToOrder),
      },
      downloads: downloads(id, family.bim),
      priceScheduleId: schedule.id,
      quantityMultiplier,
    };
    results.push({ product, schedule });
  }
  return results;
}
