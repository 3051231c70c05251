import { queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import {
  Addresses,
  Auth,
  Buyers,
  Cart,
  Catalogs,
  CostCenters,
  Me,
  Orders,
  SpendingAccounts,
  Tokens,
  UserGroups,
  Users,
} from 'ordercloud-javascript-sdk';
import { describe, expect, it } from 'vitest';
import { BUYER_PASSWORD, commerceForTests, loginAs } from '../testing/sdk';

/** Deleting a user or a buyer leaves nothing of theirs behind, except submitted orders (history). */
describe(`deletes take everything along on ${testDriver()}`, () => {
  const commerce = commerceForTests({ skus: 40 });

  /**
   * Every row of every table with a text column equal to `value` (orders listed separately). The audit
   * trail is history, like submitted orders: it keeps what was deleted (audit-trail.md), so it is left out.
   */
  async function mentions(value: string): Promise<string[]> {
    const db = commerce().database.db;
    const columns = await queryRows<{ table_name: string; column_name: string }>(
      db,
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and data_type = 'text' and table_name <> 'audit_events'
          order by 1, 2`,
    );
    const found: string[] = [];
    for (const { table_name, column_name } of columns) {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)} = ${value}`,
      );
      if ((row?.n ?? 0) > 0) found.push(`${table_name}.${column_name}`);
    }
    return found;
  }

  const buyable = async () => {
    const page = await Me.ListProducts({ pageSize: 50 });
    const product = page.Items.find((p) => (p.PriceSchedule?.PriceBreaks?.length ?? 0) > 0);
    if (!product?.ID) throw new Error('nothing to buy');
    return { id: product.ID, quantity: product.PriceSchedule?.PriceBreaks?.[0]?.Quantity ?? 1 };
  };

  it('removes a deleted buyer user’s own things and carts but keeps their submitted orders', async () => {
    await loginAs('admin');
    await Users.Create('ACME-US', {
      ID: 'leaving-user',
      Username: 'leaving-user',
      Password: BUYER_PASSWORD,
      FirstName: 'Leaving',
      LastName: 'User',
      Email: 'leaving@example.com',
      Active: true,
    });
    await UserGroups.SaveUserAssignment('ACME-US', { UserGroupID: 'acme-us-buyers', UserID: 'leaving-user' });
    await Addresses.Create('ACME-US', {
      ID: 'leaving-site',
      Street1: '1 Main St',
      City: 'Town',
      Country: 'US',
    });
    await Addresses.SaveAssignment('ACME-US', {
      AddressID: 'leaving-site',
      UserID: 'leaving-user',
      IsShipping: true,
    });
    const auth = await Auth.Login('leaving-user', BUYER_PASSWORD, 'storefront');
    Tokens.SetAccessToken(auth.access_token);
    await Me.CreateAddress({ ID: 'leaving-home', Street1: '2 Side St', City: 'Town', Country: 'US' });
    const product = await buyable();
    const submitted = await Orders.Create('Outgoing', {});
    await Cart.SetActiveCart(submitted.ID);
    await Cart.CreateLineItem({ ProductID: product.id, Quantity: product.quantity });
    await Cart.Submit();
    await Cart.CreateLineItem({ ProductID: product.id, Quantity: product.quantity });
    const cart = await Cart.Get();
    await loginAs('admin');
    await Users.Delete('ACME-US', 'leaving-user');
    // Only the submitted order still names the user.
    expect(await mentions('leaving-user')).toEqual(['orders.from_user_id']);
    expect((await Orders.Get('Incoming', submitted.ID)).FromUser.Username).toBe('leaving-user');
    expect(await mentions(cart.ID as string)).toEqual([]);
    expect(await mentions('leaving-home')).toEqual([]);
    // The company's address stays; only the user's assignment to it went.
    expect(await mentions('leaving-site')).toEqual(['addresses.id']);
  });

  it('removes everything of a deleted buyer company but keeps its submitted orders', async () => {
    await loginAs('admin');
    await Buyers.Create({ ID: 'GONE-CO', Name: 'Gone Co', Active: true });
    await Users.Create('GONE-CO', {
      ID: 'gone-user',
      Username: 'gone-user',
      FirstName: 'Gone',
      LastName: 'User',
      Email: 'g@example.com',
      Active: true,
    });
    await UserGroups.Create('GONE-CO', { ID: 'gone-group', Name: 'Gone' });
    await UserGroups.SaveUserAssignment('GONE-CO', { UserGroupID: 'gone-group', UserID: 'gone-user' });
    await Addresses.Create('GONE-CO', { ID: 'gone-address', Street1: '3 Road', City: 'Town', Country: 'US' });
    await Addresses.SaveAssignment('GONE-CO', {
      AddressID: 'gone-address',
      UserGroupID: 'gone-group',
      IsBilling: true,
    });
    await CostCenters.Create('GONE-CO', { ID: 'gone-cc', Name: 'CC' });
    await CostCenters.SaveAssignment('GONE-CO', { CostCenterID: 'gone-cc' });
    await SpendingAccounts.Create('GONE-CO', { ID: 'gone-sa', Name: 'SA', Balance: 10 });
    await Catalogs.SaveAssignment({ CatalogID: 'catalog-us', BuyerID: 'GONE-CO' });
    await Buyers.Delete('GONE-CO');
    expect(await mentions('GONE-CO')).toEqual([]);
    expect(await mentions('gone-user')).toEqual([]);
    expect(await mentions('gone-group')).toEqual([]);
  });
});
