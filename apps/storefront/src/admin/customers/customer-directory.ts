import { type Buyer, Buyers, type ListPage, type User, Users } from 'ordercloud-javascript-sdk';
import { commerceCall, withToken } from '../commerce-calls';

/**
 * The console's reads and writes of buyer companies and their users, through the SDK with the signed-in
 * user's token. Job roles are the user's `xp.JobTitle`; `xp.RoleVerified` is true only when present and
 * non-empty (spec §3), so a verification sets it to "true" and a withdrawal empties it.
 */

export interface BuyerUserXp {
  JobTitle?: string;
  RoleVerified?: string;
  [key: string]: unknown;
}

export type BuyerUser = User<BuyerUserXp>;

export interface WaitingUser {
  buyerId: string;
  buyerName: string;
  user: BuyerUser;
}

export const COMPANY_PAGE_SIZE = 25;
/** Companies looked through for the queue; beyond this the queue says it is incomplete. */
const QUEUE_MAX_COMPANIES = 500;

export const isVerified = (user: BuyerUser) => Boolean(user.xp?.RoleVerified?.trim());

export function listBuyers(token: string, search: string, page: number): Promise<ListPage<Buyer>> {
  return commerceCall(() =>
    Buyers.List(
      {
        ...(search ? { search, searchOn: ['ID', 'Name'] } : {}),
        sortBy: ['Name'],
        page,
        pageSize: COMPANY_PAGE_SIZE,
      },
      withToken(token),
    ),
  );
}

export function getBuyer(token: string, buyerId: string): Promise<Buyer> {
  return commerceCall(() => Buyers.Get(buyerId, withToken(token)));
}

/** Every user of one company (pages of 100), by last name. */
export async function companyUsers(token: string, buyerId: string): Promise<BuyerUser[]> {
  const users: BuyerUser[] = [];
  for (let page = 1; ; page++) {
    const listed = await commerceCall(() =>
      Users.List<BuyerUser>(
        buyerId,
        { sortBy: ['LastName', 'FirstName'], page, pageSize: 100 },
        withToken(token),
      ),
    );
    users.push(...(listed.Items ?? []));
    if (page >= (listed.Meta?.TotalPages ?? 0)) return users;
  }
}

/**
 * The users with a job role that is not verified yet, in every company: one list per company, asking the
 * service only for users whose `xp.RoleVerified` is not "true".
 */
export async function verificationQueue(
  token: string,
): Promise<{ waiting: WaitingUser[]; complete: boolean }> {
  const buyers: Buyer[] = [];
  for (let page = 1; buyers.length < QUEUE_MAX_COMPANIES; page++) {
    const listed = await commerceCall(() =>
      Buyers.List({ sortBy: ['Name'], page, pageSize: 100 }, withToken(token)),
    );
    buyers.push(...(listed.Items ?? []));
    if (page >= (listed.Meta?.TotalPages ?? 0)) break;
  }
  const perBuyer = await Promise.all(
    buyers.slice(0, QUEUE_MAX_COMPANIES).map(async (buyer) => {
      const listed = await commerceCall(() =>
        Users.List<BuyerUser>(
          String(buyer.ID),
          { filters: { 'xp.RoleVerified': '!true' }, sortBy: ['LastName'], pageSize: 100 },
          withToken(token),
        ),
      );
      return (listed.Items ?? [])
        .filter((user) => user.xp?.JobTitle?.trim() && !isVerified(user))
        .map((user) => ({ buyerId: String(buyer.ID), buyerName: buyer.Name ?? String(buyer.ID), user }));
    }),
  );
  return { waiting: perBuyer.flat(), complete: buyers.length < QUEUE_MAX_COMPANIES };
}

/** Verifies (or withdraws) a user's job role. */
export function setRoleVerified(
  token: string,
  buyerId: string,
  userId: string,
  verified: boolean,
): Promise<BuyerUser> {
  return commerceCall(() =>
    Users.Patch<BuyerUser>(
      buyerId,
      userId,
      { xp: { RoleVerified: verified ? 'true' : '' } },
      withToken(token),
    ),
  );
}
