import { type DataNode, requireUnique } from './data-node';
import {
  type AttributeData,
  AXIS_ATTRIBUTES,
  AXIS_LEVELS,
  type Axis,
  type AxisOption,
  type FamilyData,
  type LengthData,
  type LineData,
  type TopCategoryData,
} from './data-types';
import { LANGUAGES, type Localized, type MarketingBullet, REGIONS, type Region } from './model';
import { CODE, SKU, SKU_TEXT } from './read-attributes';

const CODE_TEXT = 'a slug of lowercase letters, digits and single dashes';

function readRegionList(node: DataNode, within: readonly Region[]): Region[] {
  const regions = node.nonEmptyList().map((r) => r.oneOf(REGIONS));
  for (const region of regions) {
    if (!within.includes(region))
      node.fail(`region '${region}' is not sold by the parent (${within.join(', ')})`);
  }
  return REGIONS.filter((r) => regions.includes(r));
}

function attributeOf(attributes: AttributeData[], id: string): AttributeData {
  const attribute = attributes.find((a) => a.id === id);
  if (!attribute) throw new Error(`attributes.yaml has no '${id}' attribute`);
  return attribute;
}

function readAxis(node: DataNode, attributes: AttributeData[], regions: Region[]): Axis {
  node.only(['attribute', 'options', 'named']);
  const named = node.optional('named');
  if (named) {
    if (node.optional('attribute') || node.optional('options'))
      node.fail("use either 'named' or 'attribute' with 'options'");
    const items = named.nonEmptyList();
    const options = items.map((item): AxisOption => {
      item.only(['code', 'sku', 'name', 'priceFactor', 'weightFactor', 'regions']);
      const regionNode = item.optional('regions');
      return {
        slug: item.get('code').matching(CODE, CODE_TEXT),
        sku: item.get('sku').matching(SKU, SKU_TEXT),
        name: item.get('name').localized(),
        option: null,
        priceFactor: item.optional('priceFactor')?.positive() ?? 1,
        weightFactor: item.optional('weightFactor')?.positive() ?? 1,
        regions: regionNode ? readRegionList(regionNode, regions) : null,
      };
    });
    requireUnique(items, (n) => n.get('code').string(), 'code');
    requireUnique(items, (n) => n.get('sku').string(), 'sku');
    return { attribute: null, options };
  }
  const attributeId = node.get('attribute').oneOf(AXIS_ATTRIBUTES);
  const attribute = attributeOf(attributes, attributeId);
  const items = node.get('options').nonEmptyList();
  const options = items.map((item): AxisOption => {
    const entry = typeof item.value === 'string' ? null : item.only(['code', 'regions']);
    const code = (entry ? entry.get('code') : item).string();
    const option = attribute.options.find((o) => o.code === code);
    if (!option) throw item.error(`'${code}' is not an option of '${attributeId}' in attributes.yaml`);
    if (!option.sku) throw item.error(`option '${code}' of '${attributeId}' has no sku in attributes.yaml`);
    const regionNode = entry?.optional('regions');
    return {
      slug: code,
      sku: option.sku,
      name: option.label,
      option,
      priceFactor: option.priceFactor,
      weightFactor: option.weightFactor,
      regions: regionNode ? readRegionList(regionNode, regions) : null,
    };
  });
  requireUnique(items, (n) => (typeof n.value === 'string' ? n : n.get('code')).string(), 'option');
  const skus = new Set<string>();
  options.forEach((o, i) => {
    if (skus.has(o.sku)) items[i]?.fail(`two options give the same sku '${o.sku}'`);
    skus.add(o.sku);
  });
  return { attribute: attributeId, options };
}

function readLengths(node: DataNode | null, regions: Region[]): LengthData[] {
  if (!node) return [];
  const items = node.nonEmptyList();
  requireUnique(items, (n) => n.get('sku').string(), 'length sku');
  const lengths = items.map((item): LengthData => {
    item.only(['sku', 'mm', 'regions']);
    const regionNode = item.optional('regions');
    return {
      sku: item.get('sku').matching(SKU, SKU_TEXT),
      mm: item.get('mm').positiveInteger(),
      regions: regionNode ? readRegionList(regionNode, regions) : null,
    };
  });
  for (const region of regions) {
    if (!lengths.some((l) => !l.regions || l.regions.includes(region)))
      node.fail(`no length is sold in region '${region}'`);
  }
  return lengths;
}

function optionCode(node: DataNode | null, attributes: AttributeData[], id: string): string | null {
  if (!node) return null;
  const code = node.string();
  if (!attributeOf(attributes, id).options.some((o) => o.code === code))
    node.fail(`'${code}' is not an option of '${id}' in attributes.yaml`);
  return code;
}

const FAMILY_KEYS = [
  ...['slug', 'name', 'description', 'marketing', 'sku', 'regions', ...AXIS_LEVELS, 'lengths'],
  ...['material', 'finish', 'loadClass', 'certifications', 'basePriceCents', 'weightKg', 'packaging'],
  ...['orderMultiple', 'sizeStep', 'bim', 'madeToOrder'],
];

/** A marketing bullet: its texts, and optionally the regions of the family it is about. */
function readBullet(node: DataNode, familyRegions: Region[]): MarketingBullet {
  const regionsNode = node.optional('regions');
  if (!regionsNode) return node.localized();
  const texts = Object.fromEntries(LANGUAGES.map((language) => [language, node.get(language).string()]));
  node.only([...LANGUAGES, 'regions']);
  return { ...(texts as Localized), regions: readRegionList(regionsNode, familyRegions) };
}

function readFamily(node: DataNode, attributes: AttributeData[], lineRegions: Region[]): FamilyData {
  node.only(FAMILY_KEYS);
  const regionNode = node.optional('regions');
  const regions = regionNode ? readRegionList(regionNode, lineRegions) : lineRegions;
  const axes: Axis[] = [];
  for (const level of AXIS_LEVELS) {
    const axisNode = node.optional(level);
    if (!axisNode) break;
    axes.push(readAxis(axisNode, attributes, regions));
  }
  if (axes.length === 0) node.fail("a family needs at least a 'subFamily' axis (level 4)");
  for (const level of AXIS_LEVELS.slice(axes.length)) {
    if (node.optional(level)) node.get(level).fail(`'${level}' needs the levels above it`);
  }
  const used = axes.map((a) => a.attribute).filter((a) => a !== null && a !== 'tradeSize');
  if (new Set(used).size !== used.length) node.fail('two axes set the same attribute');
  const [sub, series] = axes;
  const clash =
    sub && series ? sub.options.find((o) => series.options.some((s) => s.sku === o.sku)) : undefined;
  if (clash) node.get('series').fail(`sku '${clash.sku}' is also used by the sub-family axis`);

  const marketing = node.get('marketing').only(['message', 'bullets']);
  const family: FamilyData = {
    slug: node.get('slug').matching(CODE, CODE_TEXT),
    name: node.get('name').localized(),
    description: node.get('description').localized(),
    marketing: {
      message: marketing.get('message').localized(),
      bullets: marketing
        .get('bullets')
        .nonEmptyList()
        .map((b) => readBullet(b, regions)),
    },
    sku: node.get('sku').matching(SKU, SKU_TEXT),
    regions,
    axes,
    lengths: readLengths(node.optional('lengths'), regions),
    material: optionCode(node.optional('material'), attributes, 'material'),
    finish: optionCode(node.optional('finish'), attributes, 'finish'),
    loadClass: optionCode(node.optional('loadClass'), attributes, 'loadClass'),
    certifications: (node.optional('certifications')?.list() ?? []).map(
      (c) => optionCode(c, attributes, 'certifications') ?? '',
    ),
    basePriceCents: node.get('basePriceCents').positiveInteger(),
    weightKg: node.get('weightKg').positive(),
    packaging: node.get('packaging').positiveInteger(),
    orderMultiple: node.optional('orderMultiple')?.positiveInteger() ?? 1,
    sizeStep: node.optional('sizeStep')?.number() ?? 0.3,
    bim: node.optional('bim')?.boolean() ?? true,
    madeToOrder: node.optional('madeToOrder')?.number() ?? 0,
  };
  for (const id of ['material', 'finish'] as const) {
    if (family[id] === null && !axes.some((a) => a.attribute === id))
      node.fail(`no axis sets '${id}': give the family a default '${id}'`);
  }
  if (family.madeToOrder < 0 || family.madeToOrder > 1)
    node.get('madeToOrder').fail('must be between 0 and 1');
  return family;
}

function readLine(node: DataNode, attributes: AttributeData[]): LineData {
  node.only(['slug', 'name', 'description', 'regions', 'families']);
  const regions = readRegionList(node.get('regions'), REGIONS);
  const familyNodes = node.get('families').nonEmptyList();
  requireUnique(familyNodes, (n) => n.get('slug').string(), 'family slug');
  return {
    slug: node.get('slug').matching(CODE, CODE_TEXT),
    name: node.get('name').localized(),
    description: node.get('description').localized(),
    regions,
    families: familyNodes.map((f) => readFamily(f, attributes, regions)),
  };
}

/** One file of taxonomy/: a top-level category with its product lines and families. */
export function readTopCategory(root: DataNode, attributes: AttributeData[]): TopCategoryData {
  root.only(['slug', 'name', 'description', 'lines']);
  const lineNodes = root.get('lines').nonEmptyList();
  requireUnique(lineNodes, (n) => n.get('slug').string(), 'product line slug');
  return {
    file: root.file,
    slug: root.get('slug').matching(CODE, CODE_TEXT),
    name: root.get('name').localized(),
    description: root.get('description').localized(),
    lines: lineNodes.map((l) => readLine(l, attributes)),
  };
}
