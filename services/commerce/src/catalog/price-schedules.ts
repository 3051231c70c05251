import type { Db } from '@catalogue/db';
import { priceBreaks, priceSchedules } from '@catalogue/db/schema';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import { requireAnyRole, rolesFor } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { assertSeller } from '../identity/scopes';
import { mountCrud, Resource } from '../resources/crud';
import { idSchema, xpSchema } from '../resources/ids';

const roles = rolesFor('PriceScheduleAdmin', 'PriceScheduleReader');
const money = z.number({ error: 'must be a number' }).finite().min(0, 'must not be negative').max(1e10);
const isoDate = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time' });

export const priceBreakSchema = z.object({
  Quantity: z.number().int('must be a whole number').min(1, 'must be at least 1'),
  Price: money,
  SalePrice: money.nullish(),
});

const body = z.object({
  ID: idSchema.optional(),
  Name: z.string().trim().min(1, 'must not be empty').max(100),
  ApplyTax: z.boolean().optional(),
  ApplyShipping: z.boolean().optional(),
  MinQuantity: z.number().int().min(1, 'must be at least 1').optional(),
  MaxQuantity: z.number().int().min(1, 'must be at least 1').nullish(),
  UseCumulativeQuantity: z.boolean().optional(),
  RestrictedQuantity: z.boolean().optional(),
  PriceBreaks: z
    .array(priceBreakSchema)
    .refine((b) => new Set(b.map((x) => x.Quantity)).size === b.length, 'must not repeat a quantity')
    .optional(),
  Currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code')
    .optional(),
  SaleStart: isoDate.nullish(),
  SaleEnd: isoDate.nullish(),
  xp: xpSchema.optional(),
});

type BreakRow = typeof priceBreaks.$inferSelect;
const breakToWire = (b: BreakRow) => ({
  Quantity: b.quantity,
  Price: Number(b.price),
  SalePrice: b.salePrice === null ? null : Number(b.salePrice),
});

export const priceScheduleResource = new Resource({
  objectType: 'PriceSchedule',
  table: priceSchedules,
  id: priceSchedules.id,
  columns: {
    OwnerID: priceSchedules.ownerId,
    ID: priceSchedules.id,
    Name: priceSchedules.name,
    ApplyTax: priceSchedules.applyTax,
    ApplyShipping: priceSchedules.applyShipping,
    MinQuantity: priceSchedules.minQuantity,
    MaxQuantity: priceSchedules.maxQuantity,
    UseCumulativeQuantity: priceSchedules.useCumulativeQuantity,
    RestrictedQuantity: priceSchedules.restrictedQuantity,
    Currency: priceSchedules.currency,
    SaleStart: priceSchedules.saleStart,
    SaleEnd: priceSchedules.saleEnd,
    xp: priceSchedules.xp,
  },
  body,
  searchOn: ['ID', 'Name'],
  roles,
  prepare: async (v) => {
    const { PriceBreaks: _breaks, SaleStart, SaleEnd, ...rest } = v;
    if (
      typeof v.MaxQuantity === 'number' &&
      typeof v.MinQuantity === 'number' &&
      v.MaxQuantity < v.MinQuantity
    ) {
      throw ApiError.of(400, 'ValidationFailure', 'MaxQuantity must not be below MinQuantity.', {
        Property: 'MaxQuantity',
      });
    }
    return {
      ...rest,
      ...(SaleStart !== undefined
        ? { SaleStart: SaleStart === null ? null : new Date(String(SaleStart)) }
        : {}),
      ...(SaleEnd !== undefined ? { SaleEnd: SaleEnd === null ? null : new Date(String(SaleEnd)) } : {}),
    };
  },
  enrich: async (db, rows) => {
    if (rows.length === 0) return rows;
    const all = await db
      .select()
      .from(priceBreaks)
      .where(
        inArray(
          priceBreaks.priceScheduleId,
          rows.map((r) => String(r.id)),
        ),
      )
      .orderBy(asc(priceBreaks.quantity));
    return rows.map((r) => ({
      ...r,
      priceBreaks: all.filter((b) => b.priceScheduleId === r.id).map(breakToWire),
    }));
  },
  extend: (row) => {
    const now = Date.now();
    const start = row.saleStart instanceof Date ? row.saleStart.getTime() : null;
    const end = row.saleEnd instanceof Date ? row.saleEnd.getTime() : null;
    return {
      PriceBreaks: row.priceBreaks ?? [],
      IsOnSale: start !== null && start <= now && (end === null || now < end),
    };
  },
});

async function replaceBreaks(tx: Db, scheduleId: string, breaks: z.infer<typeof priceBreakSchema>[]) {
  await tx.delete(priceBreaks).where(eq(priceBreaks.priceScheduleId, scheduleId));
  if (breaks.length > 0) {
    await tx.insert(priceBreaks).values(
      breaks.map((b) => ({
        priceScheduleId: scheduleId,
        quantity: b.Quantity,
        price: String(b.Price),
        salePrice: b.SalePrice == null ? null : String(b.SalePrice),
      })),
    );
  }
}

/** /v1/priceschedules with their price breaks (stored as numeric, shown as numbers). */
export function mountPriceSchedules(app: Hono<CommerceEnv>, db: Db): void {
  app.post('/v1/priceschedules/:id/PriceBreaks', async (c) => {
    const principal = c.get('principal');
    assertSeller(principal, 'change price breaks');
    requireAnyRole(principal.roles, roles.write);
    const input = await readBody(c.req.raw, priceBreakSchema);
    const id = c.req.param('id');
    if ((await db.$count(priceSchedules, eq(priceSchedules.id, id))) === 0)
      throw ApiError.notFound('PriceSchedule', id);
    await db
      .insert(priceBreaks)
      .values({
        priceScheduleId: id,
        quantity: input.Quantity,
        price: String(input.Price),
        salePrice: input.SalePrice == null ? null : String(input.SalePrice),
      })
      .onConflictDoUpdate({
        target: [priceBreaks.priceScheduleId, priceBreaks.quantity],
        set: {
          price: String(input.Price),
          salePrice: input.SalePrice == null ? null : String(input.SalePrice),
        },
      });
    const [row] = await db.select().from(priceSchedules).where(eq(priceSchedules.id, id));
    return c.json(await priceScheduleResource.wireOne(db, row as Record<string, unknown>), 201);
  });
  app.delete('/v1/priceschedules/:id/PriceBreaks', async (c) => {
    const principal = c.get('principal');
    assertSeller(principal, 'change price breaks');
    requireAnyRole(principal.roles, roles.write);
    const quantity = Number(new URL(c.req.url).searchParams.get('quantity'));
    if (!Number.isInteger(quantity) || quantity < 1)
      throw ApiError.invalidRequest('quantity must be a whole number of at least 1.');
    const deleted = await db
      .delete(priceBreaks)
      .where(and(eq(priceBreaks.priceScheduleId, c.req.param('id')), eq(priceBreaks.quantity, quantity)))
      .returning();
    if (deleted.length === 0) throw ApiError.notFound('PriceBreak', `${c.req.param('id')}/${quantity}`);
    return c.body(null, 204);
  });
  mountCrud(app, db, '/v1/priceschedules', priceScheduleResource, {
    scope: (c) => {
      assertSeller(c.get('principal'), 'manage price schedules');
      return { where: undefined, values: {} };
    },
    afterWrite: async (tx, row, input) => {
      if (Array.isArray(input.PriceBreaks)) {
        await replaceBreaks(tx, String(row.id), input.PriceBreaks as z.infer<typeof priceBreakSchema>[]);
      }
    },
  });
}
