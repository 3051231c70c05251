import type { Db } from '@catalogue/db';
import { products, specOptions, specProductAssignments, specs } from '@catalogue/db/schema';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { rolesFor } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { assertSeller } from '../identity/scopes';
import { mountAssignments } from '../resources/assignments';
import { mountCrud, Resource } from '../resources/crud';
import { idSchema, xpSchema } from '../resources/ids';
import { renameSpec, renameSpecOption } from '../resources/renames';

const roles = rolesFor('ProductAdmin', 'ProductReader');
const MARKUP_TYPES = ['NoMarkup', 'AmountPerQuantity', 'AmountTotal', 'Percentage'] as const;

const optionColumns = {
  ID: specOptions.id,
  Value: specOptions.value,
  ListOrder: specOptions.listOrder,
  IsOpenText: specOptions.isOpenText,
  PriceMarkupType: specOptions.priceMarkupType,
  PriceMarkup: specOptions.priceMarkup,
  xp: specOptions.xp,
};
const optionWire = (o: typeof specOptions.$inferSelect) => ({
  ID: o.id,
  Value: o.value,
  ListOrder: o.listOrder,
  IsOpenText: o.isOpenText,
  PriceMarkupType: o.priceMarkupType,
  PriceMarkup: o.priceMarkup === null ? null : Number(o.priceMarkup),
  xp: o.xp,
});

export const specResource = new Resource({
  objectType: 'Spec',
  table: specs,
  id: specs.id,
  columns: {
    OwnerID: specs.ownerId,
    ID: specs.id,
    ListOrder: specs.listOrder,
    Name: specs.name,
    DefaultValue: specs.defaultValue,
    Required: specs.required,
    AllowOpenText: specs.allowOpenText,
    DefaultOptionID: specs.defaultOptionId,
    DefinesVariant: specs.definesVariant,
    xp: specs.xp,
  },
  body: z.object({
    ID: idSchema.optional(),
    ListOrder: z.number().int('must be a whole number').optional(),
    Name: z.string().trim().min(1, 'must not be empty').max(100),
    DefaultValue: z.string().max(2000).nullish(),
    Required: z.boolean().optional(),
    AllowOpenText: z.boolean().optional(),
    DefaultOptionID: idSchema.nullish(),
    DefinesVariant: z.boolean().optional(),
    xp: xpSchema.optional(),
  }),
  searchOn: ['ID', 'Name'],
  defaultSort: ['ListOrder'],
  roles,
  enrich: async (db, rows) => {
    if (rows.length === 0) return rows;
    const options = await db
      .select()
      .from(specOptions)
      .where(
        inArray(
          specOptions.specId,
          rows.map((r) => String(r.id)),
        ),
      )
      .orderBy(asc(specOptions.listOrder), asc(specOptions.id));
    return rows.map((r) => ({ ...r, options: options.filter((o) => o.specId === r.id).map(optionWire) }));
  },
  extend: (row) => {
    const options = (row.options as unknown[] | undefined) ?? [];
    return { Options: options, OptionCount: options.length };
  },
  // Options and product assignments follow by foreign key; the variants it defines here (renames.ts).
  renamed: (tx, before, after) => renameSpec(tx, String(before.id), String(after.id)),
});

const optionResource = new Resource({
  objectType: 'SpecOption',
  table: specOptions,
  id: specOptions.id,
  columns: optionColumns,
  body: z.object({
    ID: idSchema.optional(),
    Value: z.string().max(2000).nullish(),
    ListOrder: z.number().int('must be a whole number').optional(),
    IsOpenText: z.boolean().optional(),
    PriceMarkupType: z.enum(MARKUP_TYPES, { error: `must be one of ${MARKUP_TYPES.join(', ')}` }).optional(),
    PriceMarkup: z.number({ error: 'must be a number' }).finite().min(-1e9).max(1e9).nullish(),
    xp: xpSchema.optional(),
  }),
  searchOn: ['ID', 'Value'],
  defaultSort: ['ListOrder'],
  roles,
  prepare: async (v) =>
    'PriceMarkup' in v && typeof v.PriceMarkup === 'number'
      ? { ...v, PriceMarkup: String(v.PriceMarkup) }
      : v,
  extend: (row) => ({
    PriceMarkup: row.priceMarkup === null || row.priceMarkup === undefined ? null : Number(row.priceMarkup),
  }),
  // Default options naming it and the variants it defines follow (renames.ts).
  renamed: (tx, before, after) =>
    renameSpecOption(tx, String(before.specId), String(before.id), String(after.id)),
});

/** /v1/specs with their options and product assignments; /v1/products/{id}/specs lists a product's. */
export function mountSpecs(app: Hono<CommerceEnv>, db: Db): void {
  const seller = (c: Context<CommerceEnv>) => {
    assertSeller(c.get('principal'), 'manage specs');
    return { where: undefined, values: {} };
  };
  const routeSpec = async (c: Context<CommerceEnv>) => {
    seller(c);
    const specId = c.req.param('specID') ?? '';
    if ((await db.$count(specs, eq(specs.id, specId))) === 0) throw ApiError.notFound('Spec', specId);
    return specId;
  };

  mountAssignments(
    app,
    db,
    '/v1/specs/productassignments',
    '/v1/specs/:specID/productassignments/:productID',
    {
      table: specProductAssignments,
      roles: rolesFor('ProductAdmin'),
      body: z.object({
        SpecID: idSchema,
        ProductID: idSchema,
        DefaultValue: z.string().max(2000).nullish(),
        DefaultOptionID: idSchema.nullish(),
      }),
      scope: async (c) => seller(c),
      values: [
        { wire: 'DefaultValue', column: specProductAssignments.defaultValue, key: 'defaultValue' },
        { wire: 'DefaultOptionID', column: specProductAssignments.defaultOptionId, key: 'defaultOptionId' },
      ],
      sides: [
        {
          wire: 'SpecID',
          param: 'specID',
          column: specProductAssignments.specId,
          key: 'specId',
          mustExist: async (_s, id) => {
            if ((await db.$count(specs, eq(specs.id, id))) === 0) throw ApiError.notFound('Spec', id);
          },
        },
        {
          wire: 'ProductID',
          param: 'productID',
          column: specProductAssignments.productId,
          key: 'productId',
          mustExist: async (_s, id) => {
            if ((await db.$count(products, eq(products.id, id))) === 0)
              throw ApiError.notFound('Product', id);
          },
        },
      ],
    },
  );

  mountCrud(app, db, '/v1/specs/:specID/options', optionResource, {
    scope: async (c) => {
      const specId = await routeSpec(c);
      return { where: eq(specOptions.specId, specId), values: { specId } };
    },
  });

  mountCrud(app, db, '/v1/products/:productID/specs', specResource, {
    only: ['list'],
    scope: async (c) => {
      seller(c);
      const productId = c.req.param('productID') ?? '';
      if ((await db.$count(products, eq(products.id, productId))) === 0)
        throw ApiError.notFound('Product', productId);
      return {
        where: inArray(
          specs.id,
          db
            .select({ id: specProductAssignments.specId })
            .from(specProductAssignments)
            .where(eq(specProductAssignments.productId, productId)),
        ),
        values: {},
      };
    },
  });

  mountCrud(app, db, '/v1/specs', specResource, { scope: (c) => seller(c) });
}
