import type { QuoteRequest } from '@catalogue/outbox/documents';
import { Buyers, IntegrationEvents, type Order, Orders } from 'ordercloud-javascript-sdk';
import { configureInProcessCommerce } from '../data/commerce-sdk';
import { projectErrorOf } from '../projects/commerce-projects';
import { projectDocumentOf } from '../projects/project-files';

/**
 * The sales inbox (issue 9 item 4): quote requests are the submitted projects (orders) the marketplace
 * received, read through the official SDK with the seller administrator's own token
 * (`Orders.List('Incoming')`, the worksheet) — the commerce service decides what the seller may see.
 */

export interface QuoteSummary {
  orderId: string;
  projectName: string;
  company: string;
  user: string;
  email: string;
  region: string;
  lines: number;
  submittedAt: string;
}

export interface QuotePage {
  items: QuoteSummary[];
  page: number;
  totalPages: number;
  totalCount: number;
}

export const SALES_PAGE_SIZE = 20;

const options = (token: string) => ({ accessToken: token });
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Company names for IDs, one read per company (the seller may read every buyer). */
async function companyNames(token: string, ids: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  await Promise.all(
    [...new Set(ids.filter(Boolean))].map(async (id) => {
      try {
        names.set(id, (await Buyers.Get(id, options(token))).Name || id);
      } catch {
        names.set(id, id);
      }
    }),
  );
  return names;
}

/** One page of submitted quote requests, newest first. */
export async function listQuoteRequests(token: string, page: number): Promise<QuotePage> {
  configureInProcessCommerce();
  try {
    const answer = await Orders.List<Order>(
      'Incoming',
      { filters: { IsSubmitted: true }, sortBy: ['!DateSubmitted'], page, pageSize: SALES_PAGE_SIZE },
      options(token),
    );
    const names = await companyNames(
      token,
      answer.Items.map((o) => o.FromCompanyID ?? ''),
    );
    return {
      items: answer.Items.map((order) => {
        const xp = (order.xp ?? {}) as Record<string, unknown>;
        const from = order.FromUser;
        const name = `${from?.FirstName ?? ''} ${from?.LastName ?? ''}`.trim();
        return {
          orderId: order.ID ?? '',
          projectName: text(xp.projectName) || (order.ID ?? ''),
          company: names.get(order.FromCompanyID ?? '') ?? order.FromCompanyID ?? '',
          user: name || from?.Username || order.FromUserID || '',
          email: from?.Email ?? '',
          region: text(xp.regionName),
          lines: order.LineItemCount ?? 0,
          submittedAt: order.DateSubmitted ?? '',
        };
      }),
      page: answer.Meta?.Page ?? page,
      totalPages: answer.Meta?.TotalPages ?? 1,
      totalCount: answer.Meta?.TotalCount ?? answer.Items.length,
    };
  } catch (error) {
    throw projectErrorOf(error);
  }
}

/** One quote request with its lines and the user's contact details; null when the seller cannot see it. */
export async function quoteRequestDetail(
  token: string,
  orderId: string,
): Promise<(QuoteRequest & { phone: string }) | null> {
  configureInProcessCommerce();
  try {
    const sheet = await IntegrationEvents.GetWorksheet('Incoming', orderId, options(token));
    // FullAccess reaches projects still being built too: the inbox shows submitted ones only.
    if (!sheet.Order?.IsSubmitted) return null;
    const document = await projectDocumentOf(token, sheet);
    return { ...document, phone: sheet.Order?.FromUser?.Phone ?? '' };
  } catch (error) {
    const refusal = projectErrorOf(error);
    if (refusal.status === 404) return null;
    throw refusal;
  }
}
