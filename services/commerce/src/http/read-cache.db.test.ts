import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { Me, Products, UserGroups, Users } from 'ordercloud-javascript-sdk';
import { describe, expect, it } from 'vitest';
import { createCommerceService } from '../app';
import { commerceConfigFromEnv } from '../config';
import { commerceForTests, loginAs } from '../testing/sdk';
import { ReadCache } from './read-cache';

/**
 * The read cache behind /me/products, /me/catalogs, /me/categories, /me and the buyer user lists: repeated
 * reads are answered from memory, and no read ever misses a change committed before it began.
 */
describe(`read cache on ${testDriver()}`, () => {
  const commerce = commerceForTests({ skus: 60 });

  const firstVisible = async () => {
    await loginAs('employee');
    const page = await Me.ListProducts({ pageSize: 1, sortBy: ['ID'] });
    const product = page.Items[0];
    if (!product?.ID) throw new Error('the employee sees no product');
    return product;
  };

  it('shows a change made through the API to the very next read', async () => {
    const product = await firstVisible();
    const id = product.ID as string;
    // Read twice: the second answer comes from the cache.
    expect((await Me.GetProduct(id)).Name).toBe(product.Name);
    expect((await Me.GetProduct(id)).Name).toBe(product.Name);
    await loginAs('admin');
    await Products.Patch(id, { Name: 'Renamed through the API' });
    await loginAs('employee');
    expect((await Me.GetProduct(id)).Name).toBe('Renamed through the API');
    expect((await Me.ListProducts({ filters: { ID: id } })).Items[0]?.Name).toBe('Renamed through the API');
  });

  it('shows a change committed by anyone else sharing the database (another instance, a SQL script)', async () => {
    const product = await firstVisible();
    const id = product.ID as string;
    await Me.ListProducts({ filters: { ID: id } });
    await commerce().database.db.execute(sql`update products set name = 'Renamed in SQL' where id = ${id}`);
    expect((await Me.ListProducts({ filters: { ID: id } })).Items[0]?.Name).toBe('Renamed in SQL');
    // A transaction that rolls back changes nothing a reader sees.
    await commerce()
      .database.db.transaction(async (tx) => {
        await tx.execute(sql`update products set name = 'Never committed' where id = ${id}`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await Me.GetProduct(id)).Name).toBe('Renamed in SQL');
  });

  it('keeps answers apart for users whose groups differ, and follows group membership', async () => {
    // Same URL, different answers: the partner group sees products the employee does not.
    await loginAs('employee');
    const all = await Me.ListProducts({ pageSize: 100 });
    await loginAs('prefab');
    const allForPrefab = await Me.ListProducts({ pageSize: 100 });
    expect(allForPrefab.Meta.TotalCount).toBeGreaterThan(all.Meta.TotalCount);
    // Joining the group shows the employee the group's products at once.
    await loginAs('admin');
    await UserGroups.SaveUserAssignment('ACME-US', {
      UserGroupID: 'acme-prefab-partners',
      UserID: 'employee',
    });
    await loginAs('employee');
    expect((await Me.ListProducts({ pageSize: 100 })).Meta.TotalCount).toBe(allForPrefab.Meta.TotalCount);
    await loginAs('admin');
    await UserGroups.DeleteUserAssignment('ACME-US', 'acme-prefab-partners', 'employee');
    await loginAs('employee');
    expect((await Me.ListProducts({ pageSize: 100 })).Meta.TotalCount).toBe(all.Meta.TotalCount);
  });

  it('shows changes to users at once in /me and in the buyer user lists', async () => {
    await loginAs('engineer');
    const before = await Me.Get();
    expect((await Me.Get()).FirstName).toBe(before.FirstName);
    await Me.Patch({ FirstName: 'Changed-by-me' });
    expect((await Me.Get()).FirstName).toBe('Changed-by-me');
    await loginAs('admin');
    const list = await Users.List('ACME-US', { pageSize: 100 });
    expect((await Users.List('ACME-US', { pageSize: 100 })).Meta.TotalCount).toBe(list.Meta.TotalCount);
    await Users.Patch('ACME-US', before.ID as string, { FirstName: 'Changed-by-admin' });
    await Users.Create('ACME-US', {
      ID: 'cache-probe',
      Username: 'cache-probe',
      FirstName: 'Cache',
      LastName: 'Probe',
      Email: 'cache-probe@example.com',
      Active: true,
    });
    expect((await Users.List('ACME-US', { pageSize: 100 })).Meta.TotalCount).toBe(list.Meta.TotalCount + 1);
    expect((await Users.Get('ACME-US', before.ID as string)).FirstName).toBe('Changed-by-admin');
    await loginAs('engineer');
    expect((await Me.Get()).FirstName).toBe('Changed-by-admin');
    // A user that another buyer's admin may not read stays refused, cached or not.
    await loginAs('eu-buyer');
    await expect(Users.Get('ACME-US', before.ID as string)).rejects.toBeTruthy();
  });

  it('answers repeated reads from memory, under any mount point', async () => {
    const db = commerce().database.db;
    const token = await loginAs('newbie');
    // Changes made with the triggers switched off (session_replication_role = replica) do not move the
    // generation on: an answer that still shows the old name came from the cache.
    const sneak = async (name: string) => {
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`update users set first_name = ${name} where id = 'newbie'`);
      });
    };
    for (const basePath of ['', '/ordercloud']) {
      const service = createCommerceService(commerce().database, {
        basePath,
        config: commerceConfigFromEnv({}),
      });
      const me = async () => {
        const response = await service.fetch(
          new Request(`http://test${basePath}/v1/me`, { headers: { authorization: `Bearer ${token}` } }),
        );
        return ((await response.json()) as { FirstName: string }).FirstName;
      };
      await Me.Patch({ FirstName: `Before${basePath}` });
      expect(await me()).toBe(`Before${basePath}`);
      await sneak(`Sneaked${basePath}`);
      expect(await me()).toBe(`Before${basePath}`);
      // Any committed change through the triggers shows again.
      await Me.Patch({ LastName: 'Changed' });
      expect(await me()).toBe(`Sneaked${basePath}`);
    }
  });

  it('counts a measured value by its size, so large values cannot outgrow the budget', async () => {
    // 256 KiB: two values of 200 KiB do not fit together; 4 KiB ones (unmeasured) fit by the dozen.
    const cache = new ReadCache(commerce().database, 256 * 1024);
    let computed = 0;
    const remember = (key: string, size?: number) =>
      cache.rememberValue(
        ['quotes'],
        key,
        async () => ++computed,
        undefined,
        undefined,
        size ? () => size : undefined,
      );
    await remember('a', 200 * 1024);
    await remember('a', 200 * 1024);
    expect(computed).toBe(1);
    await remember('b', 200 * 1024);
    await remember('a', 200 * 1024);
    expect(computed).toBe(3);
    for (let i = 0; i < 20; i++) await remember(`small-${i}`);
    const before = computed;
    for (let i = 0; i < 20; i++) await remember(`small-${i}`);
    expect(computed).toBe(before);
  });

  it('takes its size from COMMERCE_CACHE_MB and refuses a bad value', () => {
    expect(commerceConfigFromEnv({}).COMMERCE_CACHE_MB).toBe(64);
    expect(commerceConfigFromEnv({ COMMERCE_CACHE_MB: '0' }).COMMERCE_CACHE_MB).toBe(0);
    expect(() => commerceConfigFromEnv({ COMMERCE_CACHE_MB: 'lots' })).toThrow(/COMMERCE_CACHE_MB/);
    expect(() => commerceConfigFromEnv({ COMMERCE_CACHE_MB: '-1' })).toThrow(/COMMERCE_CACHE_MB/);
  });
});
