import { z } from 'zod';
import { localeSchema } from '../version';
import { rfkIdSchema } from '../widgets/schema';

const DAY_MS = 86_400_000;
/** The longest range one report reads (the events are kept 90 days by default). */
export const MAX_RANGE_DAYS = 400;

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** Whether `YYYY-MM-DD` names a day of the calendar (Date.parse takes 2026-02-30 as 2 March). */
function realDay(day: string): boolean {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(year, month - 1, date));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === date;
}

/** A day (`2026-11-30`, a whole UTC day) or an instant (`2026-11-30T12:00:00Z`, with its offset). */
const when = z
  .string()
  .max(40)
  .refine((v) => isDay(v) || z.iso.datetime({ offset: true }).safeParse(v).success, {
    message: 'must be a date (YYYY-MM-DD) or an ISO date-time with its offset',
    abort: true,
  })
  .refine((v) => realDay(v.slice(0, 10)) && !Number.isNaN(Date.parse(v)), 'is not a real date');

const base = {
  /** From this day or instant (inclusive); 30 days before `to` by default. */
  from: when.optional(),
  /** Up to this instant (exclusive), or through this day (inclusive); now by default. */
  to: when.optional(),
  /** Events of this locale only (`fr-CA`); every locale by default. */
  locale: localeSchema.optional(),
  /** One widget (rfk_id) of the report's kind; every such widget by default. */
  widget: rfkIdSchema.optional(),
};

/** The query's range as instants: `to` through a whole day, `from` 30 days before `to` by default. */
function withRange<Q extends { from?: string | undefined; to?: string | undefined }>(
  query: Q,
  ctx: z.RefinementCtx,
): Q & { range: Range } {
  const to =
    query.to === undefined ? new Date() : new Date(Date.parse(query.to) + (isDay(query.to) ? DAY_MS : 0));
  const from =
    query.from === undefined ? new Date(to.getTime() - 30 * DAY_MS) : new Date(Date.parse(query.from));
  if (from >= to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'must be before to' });
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS)
    ctx.addIssue({
      code: 'custom',
      path: ['from'],
      message: `the range may span at most ${MAX_RANGE_DAYS} days`,
    });
  return { ...query, range: { from, to } };
}

export const keyphrasesQuery = z
  .object({ ...base, limit: z.coerce.number().int().min(1).max(500).default(50) })
  .strict()
  .transform(withRange);
export const clickPositionsQuery = z
  .object({
    ...base,
    /** Positions reported (1 … positions). */
    positions: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict()
  .transform(withRange);
export const recommendationsQuery = z
  .object({
    ...base,
    /** Most clicked products listed per widget. */
    products: z.coerce.number().int().min(0).max(50).default(5),
  })
  .strict()
  .transform(withRange);

export interface Range {
  from: Date;
  to: Date;
}

/** What every report says it covered. */
export interface ReportScope {
  from: string;
  to: string;
  locale: string | null;
  widgets: string[];
}
