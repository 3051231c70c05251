import type { Db } from '@catalogue/db';
import { queryRows } from '@catalogue/db';
import { products, variants } from '@catalogue/db/schema';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { requireAnyRole, rolesFor } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { assertSeller } from '../identity/scopes';
import { mountCrud, Resource } from '../resources/crud';
import { uniqueViolation } from '../resources/errors';
import { idSchema, xpSchema } from '../resources/ids';
import { mergePatch } from '../resources/merge';
import { patchBody } from '../resources/patch-body';
import { inventoryColumns, variantInventorySchema, variantInventoryWire } from './product-inventory';
import { productResource } from './products';

type C = Context<CommerceEnv>;
const roles = rolesFor('ProductAdmin', 'ProductReader');

/** At most this many variants per product (each spec multiplies the count) _(our choice)_. */
export const MAX_VARIANTS = 1000;

const dimension = z
  .number({ error: 'must be a number' })
  .finite()
  .min(0, 'must not be negative')
  .max(1e8)
  .nullish();
const asNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const variantBody = z.object({
  ID: idSchema.optional(),
  Name: z.string().trim().min(1, 'must not be empty').max(200).optional(),
  Description: z.string().max(4000).nullish(),
  Active: z.boolean().optional(),
  ShipWeight: dimension,
  ShipHeight: dimension,
  ShipWidth: dimension,
  ShipLength: dimension,
  Inventory: variantInventorySchema.nullish(),
  xp: xpSchema.optional(),
});

/** Variants of a product: one per combination of its variant-defining specs' options. */
export const variantResource = new Resource({
  objectType: 'Variant',
  table: variants,
  id: variants.id,
  columns: {
    ID: variants.id,
    Name: variants.name,
    Description: variants.description,
    Active: variants.active,
    ShipWeight: variants.shipWeight,
    ShipHeight: variants.shipHeight,
    ShipWidth: variants.shipWidth,
    ShipLength: variants.shipLength,
    xp: variants.xp,
  },
  body: variantBody,
  searchOn: ['ID', 'Name', 'Description'],
  roles,
  extend: (row) => ({
    ShipWeight: asNumber(row.shipWeight),
    ShipHeight: asNumber(row.shipHeight),
    ShipWidth: asNumber(row.shipWidth),
    ShipLength: asNumber(row.shipLength),
    Inventory: variantInventoryWire(row),
    Specs: row.specs ?? [],
  }),
});

/** The product of a route, or NotFound. */
export async function routeProduct(db: Db, productId: string): Promise<Record<string, unknown>> {
  const [row] = await db.select().from(products).where(eq(products.id, productId)).limit(1);
  if (!row) throw ApiError.notFound('Product', productId);
  return row as Record<string, unknown>;
}

/** One variant of a product as a condition. */
export const variantKey = (productId: string, variantId: string): SQL =>
  and(eq(variants.productId, productId), eq(variants.id, variantId)) as SQL;

/**
 * A variant's inventory records (and their assignments) follow it to a new ID. The assignments' foreign
 * key points at the records, so the records are copied first, the assignments moved, the old records
 * removed.
 */
async function moveInventoryRecords(tx: Db, productId: string, from: string, to: string): Promise<void> {
  await tx.execute(sql`insert into inventory_records (product_id, variant_id, id, owner_id, allow_all_buyers,
      address_id, order_can_exceed, quantity_available, notification_point, last_updated, xp)
    select product_id, ${to}, id, owner_id, allow_all_buyers, address_id, order_can_exceed, quantity_available,
      notification_point, last_updated, xp
    from inventory_records where product_id = ${productId} and variant_id = ${from}`);
  await tx.execute(sql`update inventory_record_assignments set variant_id = ${to}
    where product_id = ${productId} and variant_id = ${from}`);
  await tx.execute(
    sql`delete from inventory_records where product_id = ${productId} and variant_id = ${from}`,
  );
}

function variantIdConflict(id: string) {
  return (error: unknown): never => {
    if (uniqueViolation(error) === null) throw error;
    throw ApiError.of(409, 'IdExists', `Variant ${id} already exists.`, {
      ObjectType: 'Variant',
      ObjectID: id,
    });
  };
}

interface VariantSpecWire {
  SpecID: string;
  Name: string;
  OptionID: string;
  Value: string | null;
  PriceMarkupType: string;
  PriceMarkup: number | null;
}

type SpecRow = {
  spec_id: string;
  spec_name: string;
  option_id: string | null;
  option_value: string | null;
  price_markup_type: string | null;
  price_markup: string | null;
};

/**
 * Every combination of the options of the product's variant-defining specs (specs in ListOrder, options
 * in ListOrder), each with its key ("specID:optionID|…") and VariantSpecs. A variant-defining spec
 * without options is refused: it would leave no variant at all.
 */
async function combinationsOf(db: Db, productId: string) {
  const rows = await queryRows<SpecRow>(
    db,
    sql`select s.id as spec_id, s.name as spec_name, o.id as option_id, o.value as option_value,
        o.price_markup_type, o.price_markup::text as price_markup
      from spec_product_assignments a
      join specs s on s.id = a.spec_id and s.defines_variant
      left join spec_options o on o.spec_id = s.id
      where a.product_id = ${productId}
      order by s.list_order, s.id, o.list_order, o.id`,
  );
  const specs = new Map<string, VariantSpecWire[]>();
  for (const r of rows) {
    const options = specs.get(r.spec_id) ?? [];
    specs.set(r.spec_id, options);
    if (r.option_id === null) continue;
    options.push({
      SpecID: r.spec_id,
      Name: r.spec_name,
      OptionID: r.option_id,
      Value: r.option_value,
      PriceMarkupType: r.price_markup_type ?? 'NoMarkup',
      PriceMarkup: r.price_markup === null ? null : Number(r.price_markup),
    });
  }
  let combinations: VariantSpecWire[][] = specs.size > 0 ? [[]] : [];
  for (const [specId, options] of specs) {
    if (options.length === 0) {
      throw ApiError.of(
        400,
        'Variant.SpecHasNoOptions',
        `Spec ${specId} defines variants but has no options: add options or set DefinesVariant to false.`,
        { SpecID: specId },
      );
    }
    if (combinations.length * options.length > MAX_VARIANTS) {
      throw ApiError.of(
        400,
        'Variant.TooMany',
        `The variant-defining specs of product ${productId} would make more than ${MAX_VARIANTS} variants.`,
        { ProductID: productId, MaxVariants: MAX_VARIANTS },
      );
    }
    combinations = combinations.flatMap((combo) => options.map((o) => [...combo, o]));
  }
  return combinations.map((specsOf) => ({
    key: specsOf.map((s) => `${s.SpecID}:${s.OptionID}`).join('|'),
    id: [productId, ...specsOf.map((s) => s.OptionID)].join('-'),
    specs: specsOf,
  }));
}

/** Whether `?overwriteExisting=` is set; only true or false are accepted. */
function overwriteParam(c: C): boolean {
  const entry = [...new URL(c.req.url).searchParams].find(([k]) => k.toLowerCase() === 'overwriteexisting');
  if (!entry) return false;
  const value = entry[1].toLowerCase();
  if (value !== 'true' && value !== 'false') {
    throw ApiError.invalidRequest('overwriteExisting must be true or false.', {
      Property: 'overwriteExisting',
    });
  }
  return value === 'true';
}

/**
 * Regenerates a product's variants: one per combination of its variant-defining spec options. A variant
 * of a combination that still exists is kept with its ID and fields (only its Specs are refreshed) unless
 * `overwrite`; variants of combinations that no longer exist are removed with their inventory records.
 */
export async function generateVariants(
  db: Db,
  productId: string,
  overwrite: boolean,
  active: boolean,
): Promise<void> {
  await db
    .transaction(async (t) => {
      const tx = t as unknown as Db;
      const combinations = await combinationsOf(tx, productId);
      const existing = await tx
        .select()
        .from(variants)
        .where(eq(variants.productId, productId))
        .for('update');
      const byKey = new Map(existing.map((v) => [v.combination, v]));
      const wanted = new Set(combinations.map((c) => c.key));
      const gone = existing.filter((v) => !wanted.has(v.combination)).map((v) => v.id);
      if (gone.length > 0) {
        await tx.delete(variants).where(and(eq(variants.productId, productId), inArray(variants.id, gone)));
        await tx.execute(sql`delete from inventory_records where product_id = ${productId}
          and variant_id in (${sql.join(
            gone.map((id) => sql`${id}`),
            sql`, `,
          )})`);
      }
      const fresh = (c: (typeof combinations)[number]) => ({
        productId,
        id: c.id,
        name: c.id,
        description: null,
        active,
        shipWeight: null,
        shipHeight: null,
        shipWidth: null,
        shipLength: null,
        inventoryQuantityAvailable: null,
        inventoryNotificationPoint: null,
        inventoryLastUpdated: null,
        specs: c.specs,
        combination: c.key,
        xp: {},
      });
      for (const c of combinations) {
        const kept = byKey.get(c.key);
        if (!kept) {
          await tx.insert(variants).values(fresh(c));
        } else if (!overwrite) {
          await tx.update(variants).set({ specs: c.specs }).where(variantKey(productId, kept.id));
        } else {
          await tx.update(variants).set(fresh(c)).where(variantKey(productId, kept.id));
          if (kept.id !== c.id) await moveInventoryRecords(tx, productId, kept.id, c.id);
        }
      }
    })
    .catch((error: unknown) => {
      if (uniqueViolation(error) === null) throw error;
      throw ApiError.of(
        409,
        'IdExists',
        `A variant of product ${productId} already has the ID a new combination would get; rename it or regenerate with overwriteExisting=true.`,
        { ObjectType: 'Variant', ProductID: productId },
      );
    });
}

/**
 * /v1/products/{productID}/variants: list and get; PUT and PATCH change a variant (its ID too, taking its
 * inventory records along) but never create one; POST …/variants/generate makes them from the specs.
 */
export function mountVariants(app: Hono<CommerceEnv>, db: Db): void {
  const products = productResource();
  const productScope = async (c: C) => {
    assertSeller(c.get('principal'), 'manage variants');
    const productId = c.req.param('productID') ?? '';
    await routeProduct(db, productId);
    return productId;
  };

  app.post('/v1/products/:productID/variants/generate', async (c) => {
    requireAnyRole(c.get('principal').roles, roles.write);
    const productId = await productScope(c);
    const overwrite = overwriteParam(c);
    const overrides = await readBody(c.req.raw, z.object({ Active: z.boolean().optional() }));
    await generateVariants(db, productId, overwrite, overrides.Active ?? false);
    return c.json(await products.wireOne(db, await routeProduct(db, productId)));
  });

  const write = (partial: boolean) => async (c: C) => {
    requireAnyRole(c.get('principal').roles, roles.write);
    const productId = await productScope(c);
    const variantId = c.req.param('variantID') ?? '';
    const body = await readBody(c.req.raw, partial ? patchBody(variantBody) : variantBody);
    const newId = body.ID ?? variantId;
    const row = await db
      .transaction(async (t) => {
        const tx = t as unknown as Db;
        const [existing] = await tx
          .select()
          .from(variants)
          .where(variantKey(productId, variantId))
          .for('update')
          .limit(1);
        if (!existing) throw ApiError.notFound('Variant', variantId);
        const set: Record<string, unknown> = partial
          ? {}
          : {
              description: null,
              active: false,
              shipWeight: null,
              shipHeight: null,
              shipWidth: null,
              shipLength: null,
              xp: {},
            };
        set.id = newId;
        if (body.Name !== undefined) set.name = body.Name;
        else if (!partial) set.name = newId;
        if (body.Description !== undefined) set.description = body.Description;
        if (body.Active !== undefined) set.active = body.Active;
        for (const [wire, key] of [
          ['ShipWeight', 'shipWeight'],
          ['ShipHeight', 'shipHeight'],
          ['ShipWidth', 'shipWidth'],
          ['ShipLength', 'shipLength'],
        ] as const) {
          const value = body[wire];
          if (value !== undefined) set[key] = value === null ? null : String(value);
        }
        if (body.xp !== undefined) set.xp = partial ? mergePatch(existing.xp ?? {}, body.xp) : body.xp;
        Object.assign(
          set,
          inventoryColumns(
            body.Inventory as Record<string, unknown> | null | undefined,
            partial ? 'patch' : 'replace',
            'variant',
          ),
        );
        const [updated] = await tx
          .update(variants)
          .set(set)
          .where(variantKey(productId, variantId))
          .returning();
        if (newId !== variantId) await moveInventoryRecords(tx, productId, variantId, newId);
        return updated as Record<string, unknown>;
      })
      .catch(variantIdConflict(newId));
    return c.json(await variantResource.wireOne(db, row));
  };
  app.put('/v1/products/:productID/variants/:variantID', write(false));
  app.patch('/v1/products/:productID/variants/:variantID', write(true));

  mountCrud(app, db, '/v1/products/:productID/variants', variantResource, {
    only: ['list', 'get'],
    scope: async (c) => {
      const productId = await productScope(c);
      return { where: eq(variants.productId, productId), values: { productId } };
    },
  });
}
