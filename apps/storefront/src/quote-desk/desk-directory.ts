import { AdminUsers, Buyers, Orders } from 'ordercloud-javascript-sdk';
import { configureInProcessCommerce } from '../data/commerce-sdk';

/**
 * Who the desk's filters and assignee choices name: the buyer companies and the seller's users, read
 * through the SDK with the seller's own token. A seller whose roles do not reach them gets empty lists:
 * the filters then offer "mine", "nobody" and "anyone" only, and the URL still filters by an ID.
 */
export interface Named {
  id: string;
  label: string;
}

const MAX = 100;

export async function buyerCompanies(token: string): Promise<Named[]> {
  configureInProcessCommerce();
  try {
    const page = await Buyers.List({ pageSize: MAX, sortBy: ['Name'] }, { accessToken: token });
    return page.Items.map((b) => ({ id: b.ID ?? '', label: b.Name || (b.ID ?? '') })).filter((b) => b.id);
  } catch {
    return [];
  }
}

export async function sellerUsers(token: string): Promise<Named[]> {
  configureInProcessCommerce();
  try {
    const page = await AdminUsers.List({ pageSize: MAX, filters: { Active: true } }, { accessToken: token });
    return page.Items.map((u) => ({
      id: u.ID ?? '',
      label: `${u.FirstName ?? ''} ${u.LastName ?? ''}`.trim() || u.Username || (u.ID ?? ''),
    })).filter((u) => u.id);
  } catch {
    return [];
  }
}

/** A person's name from a wire user object (the quote's `FromUser`). */
export function personName(
  user: { FirstName?: string; LastName?: string; Username?: string } | null,
): string {
  if (!user) return '';
  return `${user.FirstName ?? ''} ${user.LastName ?? ''}`.trim() || user.Username || '';
}

/**
 * The sales region of each listed quote's project (`xp.regionName` of the order it answers): the quote's
 * wire object carries the quote's own xp, so one read of the page's orders names them.
 */
export async function projectRegions(token: string, ids: readonly string[]): Promise<Map<string, string>> {
  const regions = new Map<string, string>();
  if (ids.length === 0) return regions;
  configureInProcessCommerce();
  try {
    const page = await Orders.List(
      'Incoming',
      { filters: { ID: ids.join('|') }, pageSize: Math.min(ids.length, MAX) },
      { accessToken: token },
    );
    for (const order of page.Items) {
      const region = (order.xp as { regionName?: unknown } | undefined)?.regionName;
      if (order.ID && typeof region === 'string') regions.set(order.ID, region);
    }
  } catch {
    // Without the orders' xp the queue shows no region; the Region filter still works on the service.
  }
  return regions;
}
