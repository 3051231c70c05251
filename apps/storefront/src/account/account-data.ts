import { type Address, Buyers, Me, type MeUser, type OrderCloudError } from 'ordercloud-javascript-sdk';
import { configureInProcessCommerce } from '../data/commerce-sdk';
import type { AccountKind } from './account-session';
import type { AddressValues, ProfileValues } from './account-state';

/**
 * What the account page shows, read from the commerce service through the SDK with the user's own
 * token: the profile (`GET /me`), the company (the buyer, read-only), and the user's own addresses
 * (`GET /me/addresses`, buyers only: the service answers sellers and suppliers 403 there).
 */

interface AccountXp {
  JobTitle?: unknown;
  RoleVerified?: unknown;
}

export interface AccountAddress extends AddressValues {
  id: string;
}

export interface AccountData {
  username: string;
  email: string;
  profile: ProfileValues;
  /** xp.RoleVerified set: the role is the sales team's to change (it opens role-gated tools). */
  roleVerified: boolean;
  /** The buyer's name, null for the seller's and suppliers' users. */
  company: string | null;
  /** Null where the user has no personal addresses (sellers, suppliers). */
  addresses: AccountAddress[] | null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function addressValuesOf(address: Address): AddressValues {
  return {
    addressName: address.AddressName ?? '',
    companyName: address.CompanyName ?? '',
    street1: address.Street1 ?? '',
    street2: address.Street2 ?? '',
    city: address.City ?? '',
    state: address.State ?? '',
    zip: address.Zip ?? '',
    country: address.Country ?? '',
    phone: address.Phone ?? '',
  };
}

/** xp.RoleVerified present and not empty (as `userDetailsOf` reads it for the role-gated tools). */
export function roleIsVerified(user: { xp?: { RoleVerified?: unknown } | null }): boolean {
  const verified = user.xp?.RoleVerified;
  return verified !== undefined && verified !== null && verified !== false && String(verified).trim() !== '';
}

export async function loadAccount(token: string, kind: AccountKind): Promise<AccountData> {
  configureInProcessCommerce();
  const options = { accessToken: token };
  const me = await Me.Get<MeUser<AccountXp>>(options);
  const xp = me.xp ?? {};
  const buyerId = kind === 'buyer' ? me.Buyer?.ID : undefined;
  const [company, addresses] = await Promise.all([
    buyerId ? companyName(buyerId, token) : null,
    kind === 'buyer' ? ownAddresses(token) : null,
  ]);
  return {
    username: me.Username ?? '',
    email: me.Email ?? '',
    profile: {
      firstName: me.FirstName ?? '',
      lastName: me.LastName ?? '',
      jobTitle: text(xp.JobTitle),
      phone: me.Phone ?? '',
    },
    roleVerified:
      xp.RoleVerified !== undefined && xp.RoleVerified !== null && String(xp.RoleVerified).trim() !== '',
    company,
    addresses,
  };
}

/** The buyer's name (BuyerReader); its ID where the user may not read it. */
async function companyName(buyerId: string, token: string): Promise<string> {
  try {
    return (await Buyers.Get(buyerId, { accessToken: token })).Name || buyerId;
  } catch (error) {
    const status = (error as Partial<OrderCloudError>).status;
    if (status === 403 || status === 404) return buyerId;
    throw error;
  }
}

/** The user's addresses (`GET /me/addresses`: their own and any the company assigned them), every page. */
async function ownAddresses(token: string): Promise<AccountAddress[]> {
  const all: AccountAddress[] = [];
  for (let page = 1; ; page++) {
    const answer = await Me.ListAddresses(
      { page, pageSize: 100, sortBy: ['AddressName'] },
      { accessToken: token },
    );
    for (const address of answer.Items) {
      if (address.ID) all.push({ id: address.ID, ...addressValuesOf(address) });
    }
    if (page >= (answer.Meta.TotalPages ?? 1)) break;
  }
  return all;
}
