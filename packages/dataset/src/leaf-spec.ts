import type { Leaf } from './category-tree';
import type { AttributeData, OptionData } from './data-types';
import type { Language, Localized, MeasuredValue, Region } from './model';
import { LANGUAGES } from './model';
import { labelled, midSentence, sizeLabel, type UnitSystemChoice } from './texts';

/**
 * What every SKU of one leaf shares: attribute values, catalogue-number stem, name parts and price and
 * weight factors. Worked out once per leaf, so generating 100,000 SKUs stays fast.
 */
export interface LeafSpec {
  leaf: Leaf;
  /** Catalogue-number segments before the length and extension, e.g. ['EMT', '075']. */
  stem: string[];
  material: string;
  finish: string;
  loadClass: string | null;
  tradeSize: MeasuredValue | null;
  /** Name parts after the family name, per unit system and language. */
  nameParts: Record<UnitSystemChoice, Localized[]>;
  /** Description parts (material, finish, size, load class), per unit system and language. */
  specParts: Record<UnitSystemChoice, Record<Language, string[]>>;
  priceFactor: number;
  weightFactor: number;
}

export interface AttributeIndex {
  byId: Map<string, AttributeData>;
  option(attributeId: string, code: string): OptionData;
}

export function indexAttributes(attributes: AttributeData[]): AttributeIndex {
  const byId = new Map(attributes.map((a) => [a.id as string, a]));
  const options = new Map<string, OptionData>();
  for (const a of attributes) for (const o of a.options) options.set(`${a.id}/${o.code}`, o);
  return {
    byId,
    option(attributeId, code) {
      const option = options.get(`${attributeId}/${code}`);
      if (!option) throw new Error(`Unknown ${attributeId} option '${code}'`);
      return option;
    },
  };
}

function label(index: AttributeIndex, id: string): Localized {
  const attribute = index.byId.get(id);
  if (!attribute) throw new Error(`Unknown attribute '${id}'`);
  return attribute.label;
}

export function leafSpec(leaf: Leaf, index: AttributeIndex): LeafSpec {
  const { family, picks } = leaf;
  const stem = [family.sku];
  let material = family.material;
  let finish = family.finish;
  let loadClass = family.loadClass;
  const sizes: OptionData[] = [];
  let priceFactor = 1;
  let weightFactor = 1;
  picks.forEach((pick, level) => {
    const axis = family.axes[level];
    const isLeafAxis = level === picks.length - 1;
    if (isLeafAxis || axis?.options[0] !== pick) stem.push(pick.sku);
    priceFactor *= pick.priceFactor;
    weightFactor *= pick.weightFactor;
    const code = pick.option?.code;
    if (axis?.attribute === 'material' && code) material = code;
    if (axis?.attribute === 'finish' && code) finish = code;
    if (axis?.attribute === 'loadClass' && code) loadClass = code;
    if (axis?.attribute === 'tradeSize' && pick.option?.measured) {
      sizes.push(pick.option);
      const growth = (1 + family.sizeStep) ** axis.options.indexOf(pick);
      priceFactor *= growth;
      weightFactor *= growth;
    }
  });
  if (!material || !finish) throw new Error(`Family ${family.slug} has no material or finish`);
  const tradeSize =
    sizes.length === 0
      ? null
      : {
          imperial: sizes.map((s) => s.measured?.imperial).join(' x '),
          metric: sizes.map((s) => s.measured?.metric).join(' x '),
        };
  const materialOption = index.option('material', material);
  const finishOption = index.option('finish', finish);
  if (family.material) priceFactor *= materialOption.priceFactor;
  if (family.finish) priceFactor *= finishOption.priceFactor;

  const nameParts = { imperial: [] as Localized[], metric: [] as Localized[] };
  const specParts = {} as Record<UnitSystemChoice, Record<Language, string[]>>;
  for (const system of ['imperial', 'metric'] as const) {
    const sizeText = (option: OptionData, language: Language) =>
      option.measured ? sizeLabel(option.measured, option.native, system, language) : '';
    const size = (language: Language) => sizes.map((s) => sizeText(s, language)).join(' x ');
    nameParts[system] = picks.map((pick) => {
      const result = {} as Localized;
      for (const language of LANGUAGES) {
        result[language] = pick.option?.measured
          ? sizeText(pick.option, language)
          : midSentence(pick.name[language], language);
      }
      return result;
    });
    specParts[system] = {} as Record<Language, string[]>;
    for (const language of LANGUAGES) {
      const parts = [
        labelled(
          label(index, 'material')[language],
          midSentence(materialOption.label[language], language),
          language,
        ),
        labelled(
          label(index, 'finish')[language],
          midSentence(finishOption.label[language], language),
          language,
        ),
      ];
      if (sizes.length > 0)
        parts.push(labelled(label(index, 'tradeSize')[language], size(language), language));
      if (loadClass) {
        const text = index.option('loadClass', loadClass).label[language];
        parts.push(labelled(label(index, 'loadClass')[language], text, language));
      }
      specParts[system][language] = parts;
    }
  }
  return {
    leaf,
    stem,
    material,
    finish,
    loadClass,
    tradeSize,
    nameParts,
    specParts,
    priceFactor,
    weightFactor,
  };
}

/** Certifications of the family that apply in the given regions. */
export function certificationsFor(leaf: Leaf, regions: Region[], index: AttributeIndex): string[] {
  return leaf.family.certifications.filter((code) => {
    const scope = index.option('certifications', code).regions;
    return !scope || scope.some((r) => regions.includes(r));
  });
}
