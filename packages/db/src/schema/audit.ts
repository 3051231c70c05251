import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit trail (issue 24; docs/audit-trail.md): one row per changed row of an audited catalogue,
 * identity or content table, written by the row trigger `audit_row` (function `audit_record`, attached
 * with `audit_attach`) in the writing transaction, whoever wrote: a service, the importer, a SQL script.
 * Append-only: triggers refuse updates, deletes and truncation.
 *
 * `object_type` names the kind of object (`product`, `user:buyer`, `content:route`, …), `object_id` its
 * ID within `parent_id` (the buyer of a user, the catalog of a category, the product of a variant);
 * `actor` is the JSON the writing transaction set in `audit.actor` (null: the system). `before` and
 * `after` are the whole row as columns (never its secrets: password hashes are left out), `changed`
 * the columns whose value changed (an update that changes nothing is not recorded).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    parentId: text('parent_id'),
    locale: text('locale'),
    action: text('action').notNull(),
    actor: jsonb('actor'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    before: jsonb('before'),
    after: jsonb('after'),
    changed: text('changed').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    check('audit_events_action_check', sql`${t.action} in ('create', 'update', 'delete')`),
    // One object's history, newest first: by ID and type, or by ID alone. Lower-cased in "C" collation:
    // the list kernel's string filters compare `lower(value) collate "C"` (OrderCloud's ignore case).
    index('audit_events_object_idx').on(
      sql`lower(${t.objectId}) collate "C"`,
      sql`lower(${t.objectType}) collate "C"`,
      t.occurredAt.desc().nullsFirst(),
    ),
    // What hangs under one object (a product's variants and assignments, a buyer's users), newest first.
    // (Not partial: the planner cannot tell from the kernel's `lower(parent_id) … = any(…)` that the
    // parent is not null, and left a partial index unused.)
    index('audit_events_parent_idx').on(
      sql`lower(${t.parentId}) collate "C"`,
      t.occurredAt.desc().nullsFirst(),
    ),
    // Everything, newest first (by date range, by actor).
    index('audit_events_time_idx').on(t.occurredAt.desc().nullsFirst()),
  ],
);
