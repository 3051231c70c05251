import { z } from 'zod';

/** Who made a change, on the wire; null for the system (a SQL script, the dataset loader, a job). */
export const auditActorWire = z
  .object({
    UserID: z.string(),
    Username: z.string(),
    UserType: z.enum(['admin', 'buyer', 'supplier']),
    CompanyID: z.string(),
    ClientID: z.string(),
    ImpersonatedBy: z.string().nullable(),
  })
  .nullable();

/** One changed property, in the resource's wire names (`Name`, `Inventory.QuantityAvailable`, `xp.Names.de`). */
export const auditChangeWire = z.object({
  Property: z.string(),
  Before: z.unknown(),
  After: z.unknown(),
});

/** One event of `GET /v1/audit` (our extension); Before/After only with `include=snapshots`. */
export const auditEventWire = z.object({
  ID: z.string(),
  ObjectType: z.string(),
  ObjectID: z.string(),
  ParentID: z.string().nullable(),
  Locale: z.string().nullable(),
  Action: z.enum(['create', 'update', 'delete']),
  Actor: auditActorWire,
  Date: z.string(),
  Changes: z.array(auditChangeWire),
  Before: z.record(z.string(), z.unknown()).nullable().optional(),
  After: z.record(z.string(), z.unknown()).nullable().optional(),
});

export type AuditEventWire = z.infer<typeof auditEventWire>;

/** `include`: what to add to each event besides its changes. */
export const auditIncludeParam = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(['snapshots'], { error: 'may only name snapshots' })));

/** The history's own query parameters besides the list grammar. */
export const auditQueryOptions = z.object({ include: auditIncludeParam.optional() });
