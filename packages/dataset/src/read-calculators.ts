import {
  CALCULATOR_KINDS,
  type CalculatorData,
  type CalculatorKind,
  type ConduitFillData,
  type RegionalText,
  type StrutSpanData,
} from './content-model';
import { type DataNode, requireUnique } from './data-node';
import { regionalText } from './read-content';

/**
 * The calculators of content.yaml. Their tables hold values in the units they are published in (NEC
 * tables in inches, IEC tables in millimetres, channel catalogues in in⁴/in³/lb per ft and psi); this
 * reader converts every one to mm, mm², mm⁴, kg/m and MPa, so the rest of the platform computes in one
 * system and converts only for display.
 */

const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const TEXT_KEY = /^[a-z][a-zA-Z0-9]*$/;
const MM_PER_IN = 25.4;
const MPA_PER_PSI = 0.006_894_757_293;
const KG_PER_M_PER_LB_PER_FT = 1.488_163_944;

/** The text keys each kind of calculator must define (the storefront reads exactly these). */
export const CALCULATOR_TEXT_KEYS: Record<CalculatorKind, readonly string[]> = {
  'conduit-fill': [
    'conduitType',
    'tradeSize',
    'conductors',
    'conductor',
    'conductorSize',
    'customOption',
    'customDiameter',
    'count',
    'addRow',
    'removeRow',
    'totalArea',
    'conduitArea',
    'conductorCount',
    'fill',
    'limit',
    'passes',
    'fails',
    'smallest',
    'noneFits',
    'noConductors',
    'tooManyRows',
    'countInvalid',
    'diameterInvalid',
    'unknownChoice',
    'conductorTooLarge',
  ],
  'strut-span': [
    'profile',
    'span',
    'loadKind',
    'uniform',
    'point',
    'uniformLoad',
    'pointLoad',
    'deflectionLimit',
    'moment',
    'stress',
    'allowableStress',
    'deflection',
    'selfWeight',
    'limitsTitle',
    'limitRow',
    'within',
    'exceeded',
    'allowableLoad',
    'passes',
    'fails',
    'stressExceeded',
    'deflectionExceeded',
    'selfWeightOnly',
    'lightest',
    'noneCarries',
    'spanInvalid',
    'loadInvalid',
    'unknownChoice',
  ],
};

/** A length given as `{ in: … }` or `{ mm: … }`, in mm. */
function lengthMm(node: DataNode): number {
  node.only(['in', 'mm']);
  const inches = node.optional('in');
  const mm = node.optional('mm');
  if (inches && mm) node.fail('give either in or mm, not both');
  if (inches) return inches.positive() * MM_PER_IN;
  if (mm) return mm.positive();
  return node.fail('missing (expected in: or mm:)');
}

function segments(node: DataNode): string[] {
  const list = node.optional('segments');
  return list ? list.list().map((s) => s.matching(ID, 'a category slug')) : [];
}

function readConduitFill(node: DataNode): ConduitFillData {
  node.only([
    'maxRows',
    'maxConductorsPerRow',
    'maxCustomDiameterMm',
    'limits',
    'conduitTypes',
    'conductors',
  ]);
  const limits = node
    .get('limits')
    .nonEmptyList()
    .map((limit) => {
      limit.only(['conductors', 'percent']);
      const percent = limit.get('percent').positive();
      if (percent >= 100) limit.get('percent').fail('must be below 100');
      return { conductors: limit.get('conductors').positiveInteger(), percent };
    });
  if (limits[0]?.conductors !== 1) node.get('limits').fail('the first limit must apply from 1 conductor');
  limits.forEach((limit, i) => {
    const previous = limits[i - 1];
    if (previous && limit.conductors <= previous.conductors)
      node.get('limits').fail('limits must be in increasing order of conductors');
  });
  const typeNodes = node.get('conduitTypes').nonEmptyList();
  requireUnique(typeNodes, (n) => n.get('id').string(), 'conduit type id');
  const conductorNodes = node.get('conductors').nonEmptyList();
  requireUnique(conductorNodes, (n) => n.get('id').string(), 'conductor group id');
  const sizeIds = conductorNodes.flatMap((group) => group.get('sizes').nonEmptyList());
  requireUnique(sizeIds, (n) => n.get('id').string(), 'conductor size id');
  return {
    maxRows: node.get('maxRows').positiveInteger(),
    maxConductorsPerRow: node.get('maxConductorsPerRow').positiveInteger(),
    maxCustomDiameterMm: node.get('maxCustomDiameterMm').positive(),
    limits,
    conduitTypes: typeNodes.map((type) => {
      type.only(['id', 'family', 'segments', 'sizes']);
      const sizes = type.get('sizes');
      return {
        id: type.get('id').matching(ID, 'a lowercase id'),
        family: type.get('family').matching(ID, 'a family slug'),
        segments: segments(type),
        sizes: sizes.keys().map((tradeSize) => ({
          tradeSize,
          internalDiameterMm: lengthMm(sizes.get(tradeSize)),
        })),
      };
    }),
    conductors: conductorNodes.map((group) => {
      group.only(['id', 'unitSystem', 'label', 'sizes']);
      return {
        id: group.get('id').matching(ID, 'a lowercase id'),
        unitSystem: group.get('unitSystem').oneOf(['imperial', 'metric'] as const),
        label: regionalText(group.get('label')),
        sizes: group
          .get('sizes')
          .nonEmptyList()
          .map((size) => {
            size.only(['id', 'label', 'in2', 'mm']);
            const in2 = size.optional('in2');
            const mm = size.optional('mm');
            if (Boolean(in2) === Boolean(mm)) size.fail('give either in2 (area) or mm (outside diameter)');
            const areaMm2 = in2
              ? in2.positive() * MM_PER_IN ** 2
              : Math.PI * ((mm?.positive() ?? 0) / 2) ** 2;
            return {
              id: size.get('id').matching(ID, 'a lowercase id'),
              label: size.get('label').string(),
              areaMm2,
              diameterMm: Math.sqrt((4 * areaMm2) / Math.PI),
            };
          }),
      };
    }),
  };
}

function readStrutSpan(node: DataNode): StrutSpanData {
  node.only([
    'elasticModulus',
    'allowableStress',
    'maxSpan',
    'maxUniformLoad',
    'maxPointLoad',
    'deflectionLimits',
    'profiles',
  ]);
  const psi = (n: DataNode) => n.only(['psi']).get('psi').positive() * MPA_PER_PSI;
  const profileNodes = node.get('profiles').nonEmptyList();
  requireUnique(profileNodes, (n) => n.get('id').string(), 'profile id');
  return {
    elasticModulusMpa: psi(node.get('elasticModulus')),
    allowableStressMpa: psi(node.get('allowableStress')),
    maxSpanMm: lengthMm(node.get('maxSpan')),
    maxUniformLoadKgPerM: node.get('maxUniformLoad').only(['kgPerM']).get('kgPerM').positive(),
    maxPointLoadKg: node.get('maxPointLoad').only(['kg']).get('kg').positive(),
    deflectionLimits: node
      .get('deflectionLimits')
      .nonEmptyList()
      .map((n) => n.positiveInteger()),
    profiles: profileNodes.map((profile) => {
      profile.only(['id', 'family', 'segments', 'in4', 'in3', 'lbPerFt']);
      return {
        id: profile.get('id').matching(ID, 'a lowercase id'),
        family: profile.get('family').matching(ID, 'a family slug'),
        segments: segments(profile),
        momentOfInertiaMm4: profile.get('in4').positive() * MM_PER_IN ** 4,
        sectionModulusMm3: profile.get('in3').positive() * MM_PER_IN ** 3,
        weightKgPerM: profile.get('lbPerFt').positive() * KG_PER_M_PER_LB_PER_FT,
      };
    }),
  };
}

export function readCalculator(node: DataNode): CalculatorData {
  node.only([
    'id',
    'kind',
    'categories',
    'title',
    'description',
    'formulaDescription',
    'texts',
    'conduitFill',
    'strutSpan',
  ]);
  const kind = node.get('kind').oneOf(CALCULATOR_KINDS);
  const textsNode = node.get('texts');
  const required = CALCULATOR_TEXT_KEYS[kind];
  const texts: Record<string, RegionalText> = {};
  for (const key of textsNode.keys()) {
    if (!TEXT_KEY.test(key)) textsNode.fail(`'${key}' is not a camelCase key`);
    texts[key] = regionalText(textsNode.get(key));
  }
  for (const key of required) if (!texts[key]) textsNode.fail(`missing text '${key}'`);
  const tablesKey = kind === 'conduit-fill' ? 'conduitFill' : 'strutSpan';
  const other = kind === 'conduit-fill' ? 'strutSpan' : 'conduitFill';
  if (node.optional(other)) node.get(other).fail(`not a table of a ${kind} calculator`);
  return {
    id: node.get('id').matching(ID, 'a lowercase id'),
    kind,
    categories: node
      .get('categories')
      .nonEmptyList()
      .map((c) => c.matching(ID, 'a category slug')),
    title: regionalText(node.get('title')),
    description: regionalText(node.get('description')),
    formulaDescription: regionalText(node.get('formulaDescription')),
    texts,
    conduitFill: kind === 'conduit-fill' ? readConduitFill(node.get(tablesKey)) : null,
    strutSpan: kind === 'strut-span' ? readStrutSpan(node.get(tablesKey)) : null,
  };
}
