import { testDriver } from '@catalogue/db/testing';
import { Auth, Me, ProductCollections, Products, Tokens } from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { commerceForTests, loginAs, refusal } from '../testing/sdk';

describe(`product collections through the SDK on ${testDriver()}`, () => {
  commerceForTests();
  let visible: string[] = [];

  beforeAll(async () => {
    await loginAs('admin');
    await Products.Create({ ID: 'PC-HIDDEN', Name: 'In no catalog' });
    await loginAs('employee');
    visible = (await Me.ListProducts({ pageSize: 3, sortBy: ['ID'] as never })).Items.map((p) => p.ID);
    expect(visible).toHaveLength(3);
  });

  it('keeps a private collection to its owner, with entries of visible products only', async () => {
    const [a, b, c] = visible as [string, string, string];
    await loginAs('employee');
    const fav = await Me.CreateProductCollection({ ID: 'fav', Name: 'Favourites', xp: { Icon: 'star' } });
    expect(fav).toEqual({ ID: 'fav', Name: 'Favourites', AccessLevel: 'Private', xp: { Icon: 'star' } });
    await Me.CreateProductCollectionEntry('fav', b);
    await Me.CreateProductCollectionEntry('fav', a);
    await Me.CreateProductCollectionEntry('fav', b); // already there: keeps its place
    await Me.SaveProductCollectionEntry('fav', { ProductID: c, ListOrder: 10 });
    const entries = await Me.ListProductCollectionEntries('fav');
    expect(entries.Items.map((p) => [p.ID, p.ListOrder])).toEqual([
      [b, 0],
      [a, 1],
      [c, 10],
    ]);
    const price = (await Me.GetProduct(a)).PriceSchedule;
    expect(entries.Items[1]?.PriceSchedule).toEqual(price);
    expect(new Date(entries.Items[0]?.DateAdded ?? '').getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(entries.Meta.TotalCount).toBe(3);
    // The list kernel sorts, filters and pages entries.
    const sorted = await Me.ListProductCollectionEntries('fav', {
      sortBy: ['!ListOrder'] as never,
      pageSize: 2,
    });
    expect(sorted.Items.map((p) => p.ID)).toEqual([c, a]);
    expect(sorted.Meta.TotalPages).toBe(2);
    expect((await Me.ListProductCollectionEntries('fav', { filters: { ID: a } })).Items).toHaveLength(1);
    expect((await refusal(Me.ListProductCollectionEntries('fav', { filters: { Nope: 'x' } }))).status).toBe(
      400,
    );

    // A product the user cannot see cannot be added.
    expect((await refusal(Me.CreateProductCollectionEntry('fav', 'PC-HIDDEN'))).status).toBe(404);
    expect(
      (await refusal(Me.SaveProductCollectionEntry('fav', { ListOrder: 1 }))).errors?.[0]?.ErrorCode,
    ).toBe('Required');
    await Me.DeleteProductCollectionEntry('fav', c);
    expect((await refusal(Me.DeleteProductCollectionEntry('fav', c))).status).toBe(404);

    // Nobody else sees it: not a colleague, not another buyer's user.
    for (const other of ['engineer', 'eu-buyer']) {
      await loginAs(other);
      expect((await Me.ListProductCollections()).Items.map((x) => x.ID)).not.toContain('fav');
      expect((await refusal(Me.GetProductCollection('fav'))).status).toBe(404);
      expect((await refusal(Me.ListProductCollectionEntries('fav'))).status).toBe(404);
      expect((await refusal(Me.CreateProductCollectionEntry('fav', a))).status).toBe(404);
      expect((await refusal(Me.DeleteProductCollection('fav'))).status).toBe(404);
    }
    // The same ID is taken within the company.
    await loginAs('engineer');
    expect((await refusal(Me.CreateProductCollection({ ID: 'fav', Name: 'Mine' }))).status).toBe(409);
    // Another company may use it.
    await loginAs('eu-buyer');
    await Me.CreateProductCollection({ ID: 'fav', Name: 'Favoriten' });
    await Me.DeleteProductCollection('fav');

    await loginAs('employee');
    const bad = await refusal(Me.CreateProductCollection({ Name: '', AccessLevel: 'Secret' as never }));
    expect(bad.errors?.map((e) => (e.Data as { Property: string }).Property).sort()).toEqual([
      'AccessLevel',
      'Name',
    ]);
    const patched = await Me.PatchProductCollection('fav', { Name: 'My favourites', xp: { Colour: 'red' } });
    expect(patched).toEqual({
      ID: 'fav',
      Name: 'My favourites',
      AccessLevel: 'Private',
      xp: { Icon: 'star', Colour: 'red' },
    });
    // A renamed collection keeps its entries (rename.db.test.ts); renamed back here.
    await Me.PatchProductCollection('fav', { ID: 'renamed' });
    expect((await Me.ListProductCollectionEntries('renamed')).Items.length).toBeGreaterThan(0);
    await Me.PatchProductCollection('renamed', { ID: 'fav' });
    const saved = await Me.SaveProductCollection('fav', { Name: 'Saved' });
    expect(saved).toEqual({ ID: 'fav', Name: 'Saved', AccessLevel: 'Private', xp: {} });
  });

  it('shows Public collections to the whole company, read-only', async () => {
    const [a] = visible as [string];
    await loginAs('employee');
    await Me.CreateProductCollection({ ID: 'team', Name: 'Team picks', AccessLevel: 'Public' });
    await Me.CreateProductCollectionEntry('team', a);
    await loginAs('engineer');
    expect(
      (await Me.ListProductCollections({ filters: { AccessLevel: 'Public' } })).Items.map((x) => x.ID),
    ).toEqual(['team']);
    expect((await Me.ListProductCollectionEntries('team')).Items.map((p) => p.ID)).toEqual([a]);
    for (const attempt of [
      () => Me.PatchProductCollection('team', { Name: 'Hijacked' }),
      () => Me.SaveProductCollection('team', { Name: 'Hijacked' }),
      () => Me.DeleteProductCollection('team'),
      () => Me.CreateProductCollectionEntry('team', a),
      () => Me.DeleteProductCollectionEntry('team', a),
      () => Me.CreateProductCollectionInvitation('team', { Name: 'me' }),
    ]) {
      const refused = await refusal(attempt());
      expect(refused.status).toBe(403);
      expect(refused.errorCode).toBe('ProductCollection.AccessDenied');
    }
    await loginAs('eu-buyer');
    expect((await refusal(Me.GetProductCollection('team'))).status).toBe(404);
    await loginAs('employee');
    expect((await Me.GetProductCollection('team')).Name).toBe('Team picks');
  });

  it('shares a Shareable collection by invitation: accept, decline, admin members, expiry', async () => {
    const [a, b] = visible as [string, string];
    await loginAs('employee');
    await Me.CreateProductCollection({ ID: 'shared', Name: 'Project list', AccessLevel: 'Shareable' });
    await Me.CreateProductCollectionEntry('shared', a);
    const notShareable = await refusal(Me.CreateProductCollectionInvitation('fav', { Name: 'x' }));
    expect(notShareable.errorCode).toBe('ProductCollection.NotShareable');
    expect((await refusal(Me.CreateProductCollectionInvitation('shared', {}))).errors?.[0]?.ErrorCode).toBe(
      'Required',
    );
    const pastDate = new Date(Date.now() - 1000).toISOString();
    expect(
      (
        await refusal(
          Me.CreateProductCollectionInvitation('shared', { Name: 'old', ExpirationDate: pastDate }),
        )
      ).status,
    ).toBe(400);
    const forEngineer = await Me.CreateProductCollectionInvitation('shared', {
      Name: 'Priya',
      xp: { Note: 'hi' },
    });
    expect(forEngineer).toMatchObject({ Name: 'Priya', Admin: false, Accepted: false, xp: { Note: 'hi' } });
    expect(forEngineer.ID.length).toBeGreaterThanOrEqual(32);
    const forPrefab = await Me.CreateProductCollectionInvitation('shared', { Name: 'Rosa', Admin: true });
    const forNewbie = await Me.CreateProductCollectionInvitation('shared', { Name: 'Tyler' });

    // Before accepting, the collection is out of sight; another buyer's user cannot accept.
    await loginAs('engineer');
    expect((await refusal(Me.GetProductCollection('shared'))).status).toBe(404);
    await loginAs('eu-buyer');
    expect((await refusal(Me.AcceptProductCollectionInvitation('shared', forEngineer.ID))).status).toBe(404);
    expect((await refusal(Me.DeclineProductCollectionInvitation('shared', forEngineer.ID))).status).toBe(404);

    await loginAs('engineer');
    expect((await refusal(Me.AcceptProductCollectionInvitation('shared', 'guessed-id'))).status).toBe(404);
    await Me.AcceptProductCollectionInvitation('shared', forEngineer.ID);
    await Me.AcceptProductCollectionInvitation('shared', forEngineer.ID); // idempotent
    expect((await Me.GetProductCollection('shared')).Name).toBe('Project list');
    expect((await Me.ListProductCollectionEntries('shared')).Items.map((p) => p.ID)).toEqual([a]);
    expect((await refusal(Me.PatchProductCollection('shared', { Name: 'Mine' }))).status).toBe(403);
    expect((await refusal(Me.ListProductCollectionInvitations('shared'))).status).toBe(403);

    // An accepted invitation belongs to whoever accepted it.
    await loginAs('prefab');
    expect((await refusal(Me.AcceptProductCollectionInvitation('shared', forEngineer.ID))).status).toBe(404);
    await Me.AcceptProductCollectionInvitation('shared', forPrefab.ID);
    // An admin member changes the collection, but not its AccessLevel, and does not delete it.
    expect((await Me.PatchProductCollection('shared', { Name: 'Project list (rev)' })).AccessLevel).toBe(
      'Shareable',
    );
    expect((await Me.SaveProductCollection('shared', { Name: 'Project list 2' })).AccessLevel).toBe(
      'Shareable',
    );
    await Me.CreateProductCollectionEntry('shared', b);
    const accessChange = await refusal(Me.PatchProductCollection('shared', { AccessLevel: 'Public' }));
    expect(accessChange.status).toBe(403);
    expect((await refusal(Me.DeleteProductCollection('shared'))).status).toBe(403);
    const invitations = await Me.ListProductCollectionInvitations('shared', { filters: { Accepted: true } });
    expect(invitations.Items.map((i) => i.Name).sort()).toEqual(['Priya', 'Rosa']);

    await loginAs('newbie');
    await Me.DeclineProductCollectionInvitation('shared', forNewbie.ID);
    expect((await refusal(Me.AcceptProductCollectionInvitation('shared', forNewbie.ID))).status).toBe(404);
    await loginAs('employee');
    expect((await refusal(Me.GetProductCollectionInvitation('shared', forNewbie.ID))).status).toBe(404);
    const renamed = await Me.PatchProductCollectionInvitation('shared', forEngineer.ID, { Name: 'Priya R.' });
    expect(renamed).toMatchObject({ Name: 'Priya R.', Accepted: true });
    expect((await Me.ListProductCollectionInvitations('shared')).Meta.TotalCount).toBe(2);

    // An invitation that has expired cannot be accepted.
    const soon = await Me.CreateProductCollectionInvitation('shared', {
      Name: 'Short',
      ExpirationDate: new Date(Date.now() + 1200).toISOString(),
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await loginAs('newbie');
    expect((await refusal(Me.AcceptProductCollectionInvitation('shared', soon.ID))).errorCode).toBe(
      'ProductCollection.InvitationExpired',
    );

    // Deleting an accepted invitation takes the member's access away.
    await loginAs('employee');
    await Me.DeleteProductCollectionInvitation('shared', forEngineer.ID);
    await loginAs('engineer');
    expect((await refusal(Me.GetProductCollection('shared'))).status).toBe(404);
    // Making the collection Private ends sharing.
    await loginAs('employee');
    await Me.PatchProductCollection('shared', { AccessLevel: 'Private' });
    await loginAs('prefab');
    expect((await refusal(Me.GetProductCollection('shared'))).status).toBe(404);
  });

  it('lets readers of the buyer see every collection, and nobody reach another company', async () => {
    await loginAs('admin');
    const all = await ProductCollections.List('ACME-US', { sortBy: ['ID'] as never });
    expect(all.Items.map((x) => x.ID)).toEqual(['fav', 'shared', 'team']);
    expect((await ProductCollections.Get('ACME-US', 'fav')).Name).toBe('Saved');
    const entries = await ProductCollections.ListEntries('ACME-US', 'shared');
    expect(entries.Items.map((p) => [p.ID, p.ListOrder])).toEqual([
      [visible[0], 0],
      [visible[1], 1],
    ]);
    expect(entries.Items[0]).toHaveProperty('DefaultPriceScheduleID');
    expect((await refusal(ProductCollections.Get('NORD-EU', 'fav'))).status).toBe(404);
    expect((await refusal(ProductCollections.List('NOPE'))).status).toBe(404);

    await loginAs('employee');
    expect((await refusal(ProductCollections.List('ACME-US'))).errorCode).toBe('InsufficientRoles');
    await loginAs('admin');
    expect((await refusal(Me.ListProductCollections())).errorCode).toBe('InvalidUserType');
    const anonymous = await Auth.Anonymous('storefront');
    Tokens.SetAccessToken(anonymous.access_token);
    expect((await refusal(Me.CreateProductCollection({ Name: 'Anon' }))).errorCode).toBe('InvalidUserType');

    // Deleting a collection takes its entries and invitations with it.
    await loginAs('employee');
    await Me.DeleteProductCollection('shared');
    await loginAs('admin');
    expect((await refusal(ProductCollections.ListEntries('ACME-US', 'shared'))).status).toBe(404);
    expect((await ProductCollections.List('ACME-US')).Items.map((x) => x.ID).sort()).toEqual(['fav', 'team']);
  });
});
