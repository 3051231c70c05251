import type { CalculatorItem, ConduitFillData, StrutSpanData, TabItem, TableItem } from '../content-model';
import {
  bulletsFor,
  type DatasetCategory,
  type DatasetProduct,
  type ProductAttributes,
  type UnitSystem,
} from '../model';
import { decimalComma, lengthLabel, salesUnitText } from '../texts';
import type { CatalogueIndex } from './catalogue-index';
import type { LocaleContext } from './locale-context';
import { fillIn, textIn } from './text';

/** Tables, tabs and calculators of every family (level 3) sold in the locale's region. */
export function familyItems(
  context: LocaleContext,
  index: CatalogueIndex,
): { tables: TableItem[]; tabs: TabItem[]; calculators: CalculatorItem[] } {
  const tables: TableItem[] = [];
  const tabs: TabItem[] = [];
  const calculators: CalculatorItem[] = [];
  for (const family of index.familiesIn(context.locale.region)) {
    // What the public sees, as the family page lists it: active products for everyone (issue 22 item 6).
    const products = index
      .productsOf(family, context.locale.region)
      .filter((p) => p.active && p.visibleToUserGroup === null);
    tables.push(specificationTable(context, family, products));
    const familyCalculators = calculatorsFor(context, index, family);
    calculators.push(...familyCalculators);
    tabs.push(...tabsFor(context, family, familyCalculators.length > 0));
  }
  return { tables, tabs, calculators };
}

/** A table value starts with a capital, like the other rows' ("Piece", "Pack of 50"). */
function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

function specificationTable(
  context: LocaleContext,
  family: DatasetCategory,
  products: DatasetProduct[],
): TableItem {
  const { dataset, locale, language, values } = context;
  const texts = dataset.content.texts.specTable;
  const system = locale.defaultUnitSystem;
  const none = textIn(texts.none, locale);
  const name = family.name[language];
  const attribute = (id: keyof ProductAttributes) => dataset.attributes.find((a) => a.id === id);
  const optionLabels = (id: keyof ProductAttributes, codes: string[]) => {
    const definition = attribute(id);
    return codes.map((code) => definition?.options.find((o) => o.code === code)?.label[language] ?? code);
  };
  const labelOf = (id: keyof ProductAttributes) => attribute(id)?.label[language] ?? id;
  const rows: TableItem['rows'] = [
    { label: textIn(texts.rows.products, locale), values: [String(products.length)], key: 'products' },
  ];
  const sizes = unique(
    products.flatMap((p) => (p.attributes.tradeSize ? [p.attributes.tradeSize[system]] : [])),
  ).map((size) => decimalComma(size, language));
  if (sizes.length > 0) rows.push({ label: labelOf('tradeSize'), values: sizes });
  rows.push({
    label: labelOf('material'),
    values: optionLabels('material', unique(products.map((p) => p.attributes.material))),
  });
  rows.push({
    label: labelOf('finish'),
    values: optionLabels('finish', unique(products.map((p) => p.attributes.finish))),
  });
  const loadClasses = unique(
    products.flatMap((p) => (p.attributes.loadClass ? [p.attributes.loadClass] : [])),
  );
  if (loadClasses.length > 0)
    rows.push({ label: labelOf('loadClass'), values: optionLabels('loadClass', loadClasses) });
  const certifications = unique(products.flatMap((p) => p.attributes.certifications)).sort();
  rows.push({
    label: labelOf('certifications'),
    values: certifications.length > 0 ? optionLabels('certifications', certifications) : [none],
  });
  const lengths = unique(products.flatMap((p) => (p.attributes.lengthMm ? [p.attributes.lengthMm] : [])))
    .sort((a, b) => a - b)
    .map((mm) => lengthLabel(mm, system, language));
  if (lengths.length > 0) rows.push({ label: textIn(texts.rows.lengths, locale), values: lengths });
  rows.push({
    label: textIn(texts.rows.packaging, locale),
    values: unique(products.map((p) => p.attributes.packagingQuantity))
      .sort((a, b) => a - b)
      .map((pieces) => capitalised(salesUnitText(pieces, language))),
  });
  if (products.length > 0)
    rows.push({
      label: textIn(texts.rows.weight, locale),
      values: [weightRange(products, system, language)],
    });
  const madeToOrder = products.filter((p) => p.attributes.madeToOrder).length;
  rows.push({
    label: textIn(texts.rows.madeToOrder, locale),
    values: [madeToOrder > 0 ? String(madeToOrder) : none],
  });
  return {
    id: 'specifications',
    family: family.id,
    title: fillIn(textIn(texts.title, locale), { ...values, name }),
    columns: [textIn(texts.columns.property, locale), textIn(texts.columns.value, locale)],
    rows,
  };
}

function weightRange(
  products: DatasetProduct[],
  system: UnitSystem,
  language: LocaleContext['language'],
): string {
  // Per piece: a pack's weight is its pieces' (issue 22 item 3), and the row says "per piece".
  const weights = products.map(
    (p) => (p.attributes.weightKg / p.attributes.packagingQuantity) * (system === 'imperial' ? 2.20462 : 1),
  );
  const unit = system === 'imperial' ? 'lb' : 'kg';
  const format = (n: number) => decimalComma(n.toFixed(2), language);
  const min = Math.min(...weights);
  const max = Math.max(...weights);
  return min === max ? `${format(min)} ${unit}` : `${format(min)}–${format(max)} ${unit}`;
}

function calculatorsFor(
  context: LocaleContext,
  index: CatalogueIndex,
  family: DatasetCategory,
): CalculatorItem[] {
  const { dataset, locale } = context;
  const top = index.topCategoryOf(family);
  return dataset.content.texts.calculators
    .filter((calculator) => calculator.categories.includes(top.slug))
    .map((calculator) => ({
      id: calculator.id,
      family: family.id,
      kind: calculator.kind,
      title: textIn(calculator.title, locale),
      description: textIn(calculator.description, locale),
      unitSystem: locale.defaultUnitSystem,
      formulaDescription: textIn(calculator.formulaDescription, locale),
      texts: Object.entries(calculator.texts).map(([key, text]) => ({ key, text: textIn(text, locale) })),
      conduitFill: calculator.conduitFill && conduitFillItem(context, index, calculator.conduitFill),
      strutSpan: calculator.strutSpan && strutSpanItem(context, index, calculator.strutSpan),
    }));
}

/** The family (level 3) with this slug sold in the locale's region, or null. */
function regionalFamily(context: LocaleContext, index: CatalogueIndex, slug: string) {
  return index.familiesIn(context.locale.region).find((family) => family.slug === slug) ?? null;
}

/** The name of the first category below `family` with this slug (in the language), e.g. "Schedule 40". */
function segmentName(context: LocaleContext, index: CatalogueIndex, family: DatasetCategory, slug: string) {
  const stack = index.childrenIn(family.id, context.locale.region);
  while (stack.length > 0) {
    const category = stack.shift() as DatasetCategory;
    if (category.slug === slug) return category.name[context.language];
    stack.push(...index.childrenIn(category.id, context.locale.region));
  }
  return null;
}

/** "EMT conduit", "Rigid PVC conduit – Schedule 40": the family and the segments' category names. */
function labelOf(
  context: LocaleContext,
  index: CatalogueIndex,
  family: DatasetCategory,
  segments: string[],
): string | null {
  const names = segments.map((slug) => segmentName(context, index, family, slug));
  if (names.some((name) => name === null)) return null;
  const name = family.name[context.language];
  return names.length > 0 ? `${name} – ${names.join(', ')}` : name;
}

function conduitFillItem(
  context: LocaleContext,
  index: CatalogueIndex,
  data: ConduitFillData,
): NonNullable<CalculatorItem['conduitFill']> {
  const conduitTypes = data.conduitTypes.flatMap((type) => {
    const family = regionalFamily(context, index, type.family);
    const label = family && labelOf(context, index, family, type.segments);
    if (!family || !label) return [];
    const sizes = type.sizes.flatMap((size) => {
      const name = segmentName(context, index, family, size.tradeSize);
      return name
        ? [{ tradeSize: size.tradeSize, label: name, internalDiameterMm: size.internalDiameterMm }]
        : [];
    });
    return sizes.length > 0
      ? [{ id: type.id, label, categoryId: family.id, segments: type.segments, sizes }]
      : [];
  });
  return {
    ...data,
    conduitTypes,
    conductors: data.conductors.map((group) => ({ ...group, label: textIn(group.label, context.locale) })),
  };
}

function strutSpanItem(
  context: LocaleContext,
  index: CatalogueIndex,
  data: StrutSpanData,
): NonNullable<CalculatorItem['strutSpan']> {
  const profiles = data.profiles.flatMap((profile) => {
    const family = regionalFamily(context, index, profile.family);
    const label = family && labelOf(context, index, family, profile.segments);
    if (!family || !label) return [];
    return [{ ...profile, label, categoryId: family.id }];
  });
  return { ...data, profiles };
}

function tabsFor(context: LocaleContext, family: DatasetCategory, hasCalculator: boolean): TabItem[] {
  const { dataset, locale, language } = context;
  return dataset.content.texts.tabs
    .filter((tab) => tab.when !== 'calculator' || hasCalculator)
    .map((tab, order) => ({
      id: tab.id,
      family: family.id,
      label: textIn(tab.label, locale),
      order,
      body:
        tab.id === 'overview' ? (family.marketing?.message[language] ?? family.description[language]) : '',
      bullets: tab.id === 'overview' ? bulletsFor(family.marketing, locale) : [],
    }));
}
