import { type DataNode, requireUnique } from './data-node';
import type { AttributeData, OptionData } from './data-types';
import {
  LANGUAGES,
  type Language,
  type Localized,
  type ProductAttributes,
  REGIONS,
  type UnitSystem,
} from './model';
import { decimalComma } from './texts';

const ATTRIBUTE_IDS: readonly (keyof ProductAttributes)[] = [
  'tradeSize',
  'material',
  'finish',
  'lengthMm',
  'loadClass',
  'certifications',
  'weightKg',
  'packagingQuantity',
  'madeToOrder',
];

export const CODE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const CODE_TEXT = 'a code of lowercase letters, digits and single dashes';
const CERTIFICATION_CODE = /^[A-Z][A-Z0-9]*$/;
export const SKU = /^[A-Z0-9]+$/;
export const SKU_TEXT = 'catalogue-number letters (A-Z, 0-9)';

const INCH: Record<Language, string> = { en: 'in', fr: 'po', de: 'Zoll', nl: 'inch' };

/**
 * The label of a trade size without an explicit one: imperial sizes read "3/4 in (21 mm)" in English and
 * "21 mm (3/4 po)" elsewhere; sizes designed in millimetres read "20 mm" everywhere.
 */
export function tradeSizeLabel(imperial: string, metric: string, native: UnitSystem): Localized {
  const label = {} as Localized;
  for (const language of LANGUAGES) {
    const m = decimalComma(metric, language);
    if (native === 'metric') {
      label[language] = m;
    } else if (language === 'en') {
      label[language] = `${imperial} (${metric})`;
    } else {
      const i = decimalComma(imperial.replace(/ in\b/g, ` ${INCH[language]}`), language);
      label[language] = `${m} (${i})`;
    }
  }
  return label;
}

function readOption(node: DataNode, attributeId: string): OptionData {
  node.only([
    'code',
    'sku',
    'label',
    'priceFactor',
    'weightFactor',
    'regions',
    'imperial',
    'metric',
    'native',
  ]);
  const code =
    attributeId === 'certifications'
      ? node.get('code').matching(CERTIFICATION_CODE, 'a certification code (capitals and digits)')
      : node.get('code').matching(CODE, CODE_TEXT);
  const skuNode = node.optional('sku');
  const native = node.optional('native')?.oneOf(['imperial', 'metric'] as const) ?? 'imperial';
  let measured = null;
  let label: Localized;
  if (attributeId === 'tradeSize') {
    const imperial = node.get('imperial').string();
    const metric = node.get('metric').string();
    measured = { imperial, metric };
    const labelNode = node.optional('label');
    label = labelNode ? labelNode.localized() : tradeSizeLabel(imperial, metric, native);
  } else {
    label = node.get('label').localized();
  }
  return {
    code,
    label,
    sku: skuNode ? skuNode.matching(SKU, SKU_TEXT) : null,
    priceFactor: node.optional('priceFactor')?.positive() ?? 1,
    weightFactor: node.optional('weightFactor')?.positive() ?? 1,
    regions:
      node
        .optional('regions')
        ?.nonEmptyList()
        .map((r) => r.oneOf(REGIONS)) ?? null,
    measured,
    native,
  };
}

/** attributes.yaml: the attribute definitions and their options. */
export function readAttributes(root: DataNode): AttributeData[] {
  root.only(['attributes']);
  const nodes = root.get('attributes').nonEmptyList();
  requireUnique(nodes, (n) => n.get('id').string(), 'attribute id');
  const attributes = nodes.map((node): AttributeData => {
    node.only(['id', 'label', 'unit', 'options']);
    const id = node.get('id').oneOf(ATTRIBUTE_IDS);
    const unitNode = node.optional('unit');
    const optionNodes = node.optional('options')?.list() ?? [];
    requireUnique(optionNodes, (n) => n.get('code').string(), 'option code');
    return {
      id,
      label: node.get('label').localized(),
      unit: unitNode
        ? { metric: unitNode.get('metric').string(), imperial: unitNode.get('imperial').string() }
        : null,
      options: optionNodes.map((n) => readOption(n, id)),
    };
  });
  for (const id of ATTRIBUTE_IDS) {
    if (!attributes.some((a) => a.id === id)) root.fail(`attribute '${id}' is missing`);
  }
  return attributes;
}
