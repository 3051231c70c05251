import {
  type BimFilterItem,
  CALCULATOR_KINDS,
  type CalculatorItem,
  type ProductMarketingItem,
  type TabItem,
  type TableItem,
} from '@catalogue/dataset';
import { z } from 'zod';
import { defineType } from './definition';
import { categoryId, slug, text } from './fields';

/** Family content: specification tables, tabs, calculators (with their tables), BIM filters, PCM. */

const familyKey = (item: { family: string; id: string }) => `${item.family}/${item.id}`;

const tableSchema: z.ZodType<TableItem> = z.strictObject({
  id: slug,
  family: categoryId,
  title: text(300),
  columns: z.array(text(200)).min(1).max(20),
  rows: z
    .array(
      z.strictObject({
        label: text(300),
        values: z.array(text(500)).max(100),
        key: z.literal('products').optional(),
      }),
    )
    .max(200),
});

export const tableType = defineType({
  type: 'table',
  description: "A family's specification table in a locale. The id is <family>/<table id>.",
  role: 'ContentEditor',
  locales: 'per-locale',
  fixedId: null,
  idOf: familyKey,
  schema: tableSchema,
  unpublishable: true,
  translated: ['title'],
});

const tabSchema: z.ZodType<TabItem> = z.strictObject({
  id: slug,
  family: categoryId,
  label: text(100),
  order: z.number().int().min(0).max(1000),
  body: text(5000),
  bullets: z.array(text(500)).max(50),
});

export const tabType = defineType({
  type: 'tab',
  description:
    'A tab of a family page in a locale (label, order, body text, bullets). The id is <family>/<tab id>.',
  role: 'ContentEditor',
  locales: 'per-locale',
  fixedId: null,
  idOf: familyKey,
  schema: tabSchema,
  unpublishable: true,
  translated: ['label'],
});

/** A measure in SI units: positive and finite. */
const measure = z.number().positive().finite();
const segments = z.array(slug).max(10);

const conduitFillSchema = z.strictObject({
  maxRows: z.number().int().min(1).max(50),
  maxConductorsPerRow: z.number().int().min(1).max(1000),
  maxCustomDiameterMm: measure,
  limits: z
    .array(z.strictObject({ conductors: z.number().int().min(1), percent: z.number().gt(0).max(100) }))
    .min(1)
    .max(10),
  conduitTypes: z
    .array(
      z.strictObject({
        id: slug,
        label: text(200),
        categoryId,
        segments,
        sizes: z
          .array(z.strictObject({ tradeSize: slug, label: text(100), internalDiameterMm: measure }))
          .min(1)
          .max(100),
      }),
    )
    .max(100),
  conductors: z
    .array(
      z.strictObject({
        id: slug,
        unitSystem: z.enum(['imperial', 'metric']),
        label: text(200),
        sizes: z
          .array(z.strictObject({ id: slug, label: text(100), areaMm2: measure, diameterMm: measure }))
          .min(1)
          .max(200),
      }),
    )
    .max(50),
});

const strutSpanSchema = z.strictObject({
  elasticModulusMpa: measure,
  allowableStressMpa: measure,
  maxSpanMm: measure,
  maxUniformLoadKgPerM: measure,
  maxPointLoadKg: measure,
  deflectionLimits: z.array(z.number().int().min(1).max(10_000)).min(1).max(10),
  profiles: z
    .array(
      z.strictObject({
        id: slug,
        label: text(200),
        categoryId,
        segments,
        momentOfInertiaMm4: measure,
        sectionModulusMm3: measure,
        weightKgPerM: measure,
      }),
    )
    .max(200),
});

const calculatorSchema: z.ZodType<CalculatorItem> = z
  .strictObject({
    id: slug,
    family: categoryId,
    kind: z.enum(CALCULATOR_KINDS),
    title: text(300),
    description: text(2000),
    unitSystem: z.enum(['imperial', 'metric']),
    formulaDescription: text(5000),
    texts: z.array(z.strictObject({ key: slug, text: text(1000) })).max(200),
    conduitFill: conduitFillSchema.nullable(),
    strutSpan: strutSpanSchema.nullable(),
  })
  .refine(
    (calculator) =>
      (calculator.kind === 'conduit-fill') === (calculator.conduitFill !== null) &&
      (calculator.kind === 'strut-span') === (calculator.strutSpan !== null),
    { message: 'a calculator has the tables of its kind only (conduitFill or strutSpan)', path: ['kind'] },
  );

export const calculatorType = defineType({
  type: 'calculator',
  description:
    "A family's calculator in a locale with its texts and tables (conduit fill: conduit types, trade sizes, conductors, fill limits; strut span: profiles and limits), in mm, mm², mm⁴, kg/m and MPa. The id is <family>/<calculator id>.",
  role: 'ContentEditor',
  locales: 'per-locale',
  fixedId: null,
  idOf: familyKey,
  schema: calculatorSchema,
  unpublishable: true,
  translated: ['title', 'description', 'formulaDescription'],
});

const bimFilterSchema: z.ZodType<BimFilterItem> = z.strictObject({
  id: slug,
  label: text(200),
  field: z.string().regex(/^[A-Za-z][A-Za-z0-9_.]{0,99}$/, 'a product field path (downloads.format)'),
  order: z.number().int().min(0).max(1000),
  options: z.array(z.strictObject({ value: text(200), label: text(200) })).max(200),
});

export const bimFilterType = defineType({
  type: 'bim-filter',
  description:
    'A facet of the BIM download finder in a locale (label, product field, options). The id is the facet id.',
  role: 'ContentEditor',
  locales: 'per-locale',
  fixedId: null,
  idOf: (filter) => filter.id,
  schema: bimFilterSchema,
  unpublishable: true,
  translated: ['label'],
});

const productMarketingSchema: z.ZodType<ProductMarketingItem> = z.strictObject({
  productNumber: slug,
  productName: text(500),
  productMarketingMessage: text(5000),
  productBullets: z.array(text(500)).max(50),
});

export const productMarketingType = defineType({
  type: 'pcm',
  description:
    "A product's marketing content in a locale (content hub M.PCM.Product). The id is the product number.",
  role: 'ContentEditor',
  locales: 'per-locale',
  fixedId: null,
  idOf: (item) => item.productNumber,
  schema: productMarketingSchema,
  unpublishable: true,
  translated: ['productName', 'productMarketingMessage'],
});
