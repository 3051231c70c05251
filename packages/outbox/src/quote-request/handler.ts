import { type Db, queryRows } from '@catalogue/db';
import { buyers, lineItems, orders, outbox, users } from '@catalogue/db/schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import { DEFAULT_LOCALE, escapeHtml, mailTexts } from '../email/texts';
import { PermanentDeliveryError } from '../errors';
import type { OutboxHandler } from '../worker';
import { projectDetails, type QuoteRequest, quoteCsv, quotePdf } from './document';
import { packagingLabels } from './packaging';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A region's name in a language (`US` → "United States"), from its `region` content item; else the code. */
async function regionName(db: Db, code: string, language: string): Promise<string> {
  if (!code) return '';
  const [row] = await queryRows<{ data: { name?: Record<string, unknown> } | null }>(
    db,
    sql`select data from content_items where type = 'region' and id = ${code} limit 1`,
  );
  const name = row?.data?.name?.[language];
  return typeof name === 'string' && name ? name : code;
}

/** Reads the submitted project the row names; null when the order no longer exists. */
export async function loadQuoteRequest(
  db: Db,
  orderId: string,
  submittedAt: Date,
): Promise<QuoteRequest | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return null;
  const [user] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.companyType, order.fromCompanyType),
        eq(users.companyId, order.fromCompanyId),
        eq(users.id, order.fromUserId),
      ),
    )
    .limit(1);
  const [company] = await db.select().from(buyers).where(eq(buyers.id, order.fromCompanyId)).limit(1);
  const lines = await db
    .select()
    .from(lineItems)
    .where(eq(lineItems.orderId, orderId))
    .orderBy(asc(lineItems.dateAdded));
  const xp = (order.xp ?? {}) as Record<string, unknown>;
  return {
    orderId,
    projectName: text(xp.projectName) || orderId,
    projectDesc: text(xp.projectDesc),
    regionName: text(xp.regionName),
    brand: text(xp.brand),
    submittedAt,
    company: { id: order.fromCompanyId, name: company?.name ?? order.fromCompanyId },
    user: {
      username: user?.username ?? order.fromUserId,
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email ?? '',
      emailVerified: Boolean(user?.email && user.emailVerifiedAt),
    },
    lines: lines.map((line) => ({
      productId: line.productId,
      name: text((line.product as Record<string, unknown>)?.Name) || line.productId,
      quantity: line.quantity,
      packagingOption: text((line.xp as Record<string, unknown>)?.packagingOption),
    })),
  };
}

/**
 * `quote-request` rows (queued by the commerce service when an order is submitted): the sales team's email
 * with the project as CSV and PDF, and the marketing-automation push, queued as `email` and
 * `marketing-push` rows in one transaction. Their dedupe keys come from this row, so a redelivery of it
 * (a crash after the commit) queues nothing twice.
 */
export function quoteRequestHandler({ db, salesEmail }: { db: Db; salesEmail: string }): OutboxHandler {
  return async (row) => {
    const payload = (row.payload ?? {}) as { orderId?: unknown; submittedAt?: unknown };
    if (typeof payload.orderId !== 'string')
      throw new PermanentDeliveryError('quote-request payload has no orderId');
    const submittedAt = new Date(
      typeof payload.submittedAt === 'string' ? payload.submittedAt : row.createdAt,
    );
    const quote = await loadQuoteRequest(db, payload.orderId, submittedAt);
    if (!quote) throw new PermanentDeliveryError(`order ${payload.orderId} no longer exists`);
    // The sales team's mail is in the site's default language; it and its files show labels, never
    // codes (issue 22 item 10). The marketing push below keeps the codes.
    const texts = await mailTexts(db, DEFAULT_LOCALE);
    const packaging = packagingLabels(texts.t);
    const shown = { ...quote, regionName: await regionName(db, quote.regionName, texts.language) };
    const pdf = await quotePdf(shown, 'Quote request', packaging);
    const csv = quoteCsv(shown, packaging);
    const who = `${quote.user.firstName} ${quote.user.lastName}`.trim() || quote.user.username;
    // An answer goes to the requester only at an address they confirmed: anyone can type someone else's
    // address into a profile, and the sales team's reply would then carry the project to a stranger.
    const replyTo = quote.user.emailVerified ? quote.user.email : '';
    const summary = [
      `Project: ${quote.projectName} (${quote.orderId})`,
      `Company: ${quote.company.name} (${quote.company.id})`,
      `Requested by: ${who} <${quote.user.email}>${replyTo ? '' : ' (address not confirmed by the user)'}`,
      `Region: ${shown.regionName || '–'}`,
      `Lines: ${quote.lines.length}`,
    ];
    const message = {
      to: salesEmail,
      replyTo: replyTo || undefined,
      subject: `Quote request: ${quote.projectName} – ${quote.company.name}`,
      text: `${summary.join('\n')}\n\nThe project is attached as CSV and PDF.\n`,
      html: `<p>${summary.map(escapeHtml).join('<br>')}</p><p>The project is attached as CSV and PDF.</p>`,
      attachments: [
        {
          filename: `quote-${quote.orderId}.csv`,
          contentType: 'text/csv',
          contentBase64: Buffer.from(csv).toString('base64'),
        },
        {
          filename: `quote-${quote.orderId}.pdf`,
          contentType: 'application/pdf',
          contentBase64: pdf.toString('base64'),
        },
      ],
    };
    await db.transaction(async (tx) => {
      await tx
        .insert(outbox)
        .values({ kind: 'email', payload: message, dedupeKey: `quote-email:${row.id}` })
        .onConflictDoNothing();
      await tx
        .insert(outbox)
        .values({
          kind: 'marketing-push',
          payload: { projectDetails: projectDetails(quote) },
          dedupeKey: `quote-push:${row.id}`,
        })
        .onConflictDoNothing();
    });
  };
}
