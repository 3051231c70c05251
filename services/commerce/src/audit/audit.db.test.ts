import { queryRows } from '@catalogue/db';
import { users } from '@catalogue/db/schema';
import { testDriver } from '@catalogue/db/testing';
import { and, eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { Auth, Catalogs, Me, Products, Tokens, Users } from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUYER_PASSWORD, commerceForTests, loginAs } from '../testing/sdk';
import { type AuditEventWire, auditEventWire } from './wire';

const STAFF_PASSWORD = 'Staff#2026';

/** A back-office user's token (seller users sign in through the admin console's client). */
async function staff(username: string): Promise<string> {
  const auth = await Auth.ElevatedLogin('admin-console-secret', username, STAFF_PASSWORD, 'admin-console');
  Tokens.SetAccessToken(auth.access_token);
  return auth.access_token;
}

interface Page {
  Items: AuditEventWire[];
  Meta: { Page: number; PageSize: number; TotalCount: number; TotalPages: number; ItemRange: number[] };
}

describe(`the audit trail through the commerce service on ${testDriver()}`, () => {
  const commerce = commerceForTests();
  const db = () => commerce().database.db;

  /** GET /v1/audit with a token: the status and the body (items checked against the wire shape). */
  async function history(
    token: string,
    query: Record<string, string>,
  ): Promise<{ status: number; body: Page }> {
    const response = await fetch(`${commerce().baseUrl}/v1/audit?${new URLSearchParams(query)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as Page;
    if (response.status === 200) for (const item of body.Items) auditEventWire.parse(item);
    return { status: response.status, body };
  }

  const productHistory = async (token: string, id: string, extra: Record<string, string> = {}) =>
    (await history(token, { ObjectType: 'product', ObjectID: id, ...extra })).body.Items;

  let productId: string;
  let catalogue: string;
  let admin: string;

  beforeAll(async () => {
    admin = await loginAs('admin');
    const [product] = (await Products.List({ pageSize: 1, filters: { 'xp.Names.de': '*' } })).Items;
    if (!product?.ID) throw new Error('the demo catalogue has no product with a German name');
    productId = product.ID;
    catalogue = await staff('catalogue');
  });

  it("records the catalogue editor's product PATCH with them as the actor, before, after and each property", async () => {
    const before = await Products.Get(productId);
    const oldGerman = (before.xp as { Names: Record<string, string> }).Names.de;
    Tokens.SetAccessToken(catalogue);
    await Products.Patch(productId, {
      Name: `${before.Name} (renamed)`,
      xp: { Names: { de: 'Neuer Name' } },
    });

    const [latest] = await productHistory(catalogue, productId, { include: 'snapshots' });
    const claims = decodeJwt(catalogue) as { u: string };
    expect(latest).toMatchObject({
      ObjectType: 'product',
      ObjectID: productId,
      ParentID: null,
      Action: 'update',
      Actor: {
        UserID: claims.u,
        Username: 'catalogue',
        UserType: 'admin',
        CompanyID: '',
        ClientID: 'admin-console',
        ImpersonatedBy: null,
      },
    });
    // One line per property, in the wire's names: the translation is one line of xp, not the whole xp.
    expect(latest?.Changes).toEqual([
      { Property: 'Name', Before: before.Name, After: `${before.Name} (renamed)` },
      { Property: 'xp.Names.de', Before: oldGerman, After: 'Neuer Name' },
    ]);
    expect(latest?.Before).toMatchObject({ ID: productId, Name: before.Name, Inventory: expect.any(Object) });
    expect(latest?.After).toMatchObject({
      Name: `${before.Name} (renamed)`,
      xp: { Names: { de: 'Neuer Name' } },
    });
    expect(Date.now() - Date.parse(latest?.Date ?? '')).toBeLessThan(60_000);
    // Without include=snapshots the objects are left out.
    const [plain] = await productHistory(catalogue, productId);
    expect(plain?.ID).toBe(latest?.ID);
    expect(plain).not.toHaveProperty('Before');
  });

  it('records a write by SQL script as the system, and nothing for an update that changes nothing', async () => {
    await db().execute(sql`update products set description = 'Written by a script' where id = ${productId}`);
    const [scripted] = await productHistory(admin, productId);
    expect(scripted).toMatchObject({ Action: 'update', Actor: null });
    expect(scripted?.Changes.map((c) => c.Property)).toEqual(['Description']);

    const count = async () =>
      (await history(admin, { ObjectType: 'product', ObjectID: productId })).body.Meta.TotalCount;
    const total = await count();
    Tokens.SetAccessToken(catalogue);
    const now = await Products.Get(productId);
    await Products.Patch(productId, { Name: now.Name, Description: now.Description });
    await Products.Patch(productId, { xp: { Names: { de: 'Neuer Name' } } });
    expect(await count()).toBe(total);
  });

  it('records a delete with the object as it was, and what went with it under the product', async () => {
    Tokens.SetAccessToken(catalogue);
    await Products.Create({ ID: 'audit-doomed', Name: 'Doomed', xp: { Names: { en: 'Doomed' } } });
    await Catalogs.SaveProductAssignment({ CatalogID: 'catalog-eu', ProductID: 'audit-doomed' });
    await Products.Delete('audit-doomed');
    const [deleted, created] = await productHistory(catalogue, 'audit-doomed', { include: 'snapshots' });
    expect(created?.Action).toBe('create');
    expect(deleted).toMatchObject({
      Action: 'delete',
      After: null,
      Before: { ID: 'audit-doomed', Name: 'Doomed' },
    });
    expect(deleted?.Changes).toContainEqual({ Property: 'Name', Before: 'Doomed', After: null });
    expect(deleted?.Changes).toContainEqual({ Property: 'xp.Names.en', Before: 'Doomed', After: null });
    // Its catalog assignment went with it (a foreign key's cascade): recorded under the product too.
    const underIt = (await history(catalogue, { ParentID: 'audit-doomed' })).body.Items;
    expect(underIt.map((e) => [e.ObjectType, e.ObjectID, e.Action, e.Actor?.Username])).toEqual([
      ['catalog-product-assignment', 'catalog-eu', 'delete', 'catalogue'],
      ['catalog-product-assignment', 'catalog-eu', 'create', 'catalogue'],
    ]);
  });

  it("records writes by impersonation with the impersonator, and a user's /me writes as theirs", async () => {
    await loginAs('admin');
    const impersonation = await Users.GetAccessToken('ACME-US', 'prefab', {
      ClientID: 'storefront',
      Roles: ['MeAdmin'],
    });
    Tokens.SetImpersonationToken(impersonation.access_token);
    await Me.As().Patch({ FirstName: 'Rosa (by admin)' });
    await loginAs('employee');
    await Me.Patch({ FirstName: 'Daniel (himself)' });

    const events = (await history(admin, { ObjectType: 'user:buyer', ParentID: 'ACME-US', Action: 'update' }))
      .body.Items;
    const byUser = (username: string) => events.find((e) => e.Actor?.Username === username);
    expect(byUser('prefab')).toMatchObject({
      Actor: { Username: 'prefab', UserType: 'buyer', CompanyID: 'ACME-US', ImpersonatedBy: 'admin' },
      Changes: [{ Property: 'FirstName', After: 'Rosa (by admin)' }],
    });
    expect(byUser('employee')).toMatchObject({
      Actor: { Username: 'employee', ClientID: 'storefront', ImpersonatedBy: null },
      Changes: [{ Property: 'FirstName', After: 'Daniel (himself)' }],
    });
  });

  it('never shows or stores a password or its hash: a password change is its date', async () => {
    const service = await staff('service');
    await Users.Patch('ACME-US', 'prefab', { Password: 'Changed#By-Service-2026' });
    // A buyer's own change, outside any transaction in the route: attributed all the same.
    await Auth.Login('engineer', BUYER_PASSWORD, 'storefront').then((auth) =>
      Tokens.SetAccessToken(auth.access_token),
    );
    await Me.ResetPasswordByToken({ NewPassword: 'Engineer#Own-2026' });

    const changes = async (userId: string) =>
      (await history(service, { ObjectType: 'user:buyer', ObjectID: userId, include: 'snapshots' })).body
        .Items[0];
    const bySeller = await changes('prefab');
    expect(bySeller).toMatchObject({ Actor: { Username: 'service' } });
    expect(bySeller?.Changes.map((c) => c.Property)).toEqual(['PasswordLastSetDate']);
    const [engineer] = await db().select({ id: users.id }).from(users).where(eq(users.username, 'engineer'));
    const byOwner = await changes(engineer?.id ?? '');
    expect(byOwner).toMatchObject({ Actor: { Username: 'engineer', UserType: 'buyer' } });
    expect(byOwner?.Changes.map((c) => c.Property)).toEqual(['PasswordLastSetDate']);

    const hashes = await db()
      .select({ hash: users.passwordHash })
      .from(users)
      .where(and(eq(users.companyType, 'buyer'), eq(users.companyId, 'ACME-US')));
    const stored = await queryRows<{ trail: string }>(
      db(),
      sql`select string_agg(before::text || ' ' || after::text, ' ') as trail from audit_events`,
    );
    const trail = stored[0]?.trail ?? '';
    expect(trail).not.toContain('scrypt$');
    expect(trail).not.toContain('Changed#By-Service-2026');
    for (const { hash } of hashes) if (hash) expect(trail).not.toContain(hash);
    expect(JSON.stringify(bySeller)).not.toMatch(/password_hash|PasswordHash|scrypt/);
  });

  it('lets only FullAccess and the reader roles of the object read its history', async () => {
    const employee = await loginAs('employee');
    const buyer = await history(employee, { ObjectType: 'product', ObjectID: productId });
    expect(buyer.status).toBe(403);
    expect(buyer.body).toMatchObject({ Errors: [{ ErrorCode: 'InvalidUserType' }] });

    // The content editor holds ProductReader and the custom ContentEditor role, nothing on prices or users.
    const editor = await staff('editor');
    for (const type of ['price-schedule', 'user:buyer', 'approval-rule']) {
      const refused = await history(editor, { ObjectType: type });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        Errors: [
          {
            ErrorCode: 'InsufficientRoles',
            Data: { SufficientRoles: expect.arrayContaining(['FullAccess']) },
          },
        ],
      });
    }
    expect((await history(editor, { ObjectType: 'product', ObjectID: productId })).status).toBe(200);
    await db().execute(
      sql`insert into content_items (type, id, locale, data) values ('page', 'audit-about', 'de-DE', '{"title": "Über uns"}')`,
    );
    const content = await history(editor, { ObjectType: 'content:page', ObjectID: 'audit-about' });
    expect(content.body.Items).toMatchObject([
      {
        ObjectType: 'content:page',
        Locale: 'de-DE',
        Actor: null,
        Changes: [{ Property: 'title', Before: null, After: 'Über uns' }],
      },
    ]);
    // Without a type named, the editor sees only the types they may read, though others are in the trail.
    await db().execute(
      sql`update price_schedules set name = name || ' (edited)' where id = (select min(id) from price_schedules)`,
    );
    const everything = (await history(admin, { pageSize: '100' })).body.Items.map((e) => e.ObjectType);
    expect(everything).toContain('price-schedule');
    expect(everything).toContain('user:buyer');
    const readable = (await history(editor, { pageSize: '100' })).body.Items.map((e) => e.ObjectType);
    expect(readable).toContain('product');
    expect(readable).toContain('content:page');
    expect(readable.filter((type) => /^(price-|user|buyer|address)/.test(type))).toEqual([]);
    // Asking for everything but a type is not asking for that type.
    const allBut = await history(editor, { ObjectType: '!price-schedule', pageSize: '100' });
    expect(allBut.status).toBe(200);
    expect(allBut.body.Items.map((e) => e.ObjectType)).toEqual(readable);

    // The catalogue editor reads prices but not customers.
    expect((await history(catalogue, { ObjectType: 'price-schedule' })).status).toBe(200);
    expect((await history(catalogue, { ObjectType: 'user:buyer' })).status).toBe(403);
    const anonymous = await fetch(`${commerce().baseUrl}/v1/audit`);
    expect(anonymous.status).toBe(401);
  });

  it('refuses bad query values with 400 in OrderCloud’s format', async () => {
    for (const [query, code] of [
      [{ ObjectType: 'spaceship' }, 'InvalidRequest'],
      [{ Action: 'frobnicate' }, 'InvalidRequest'],
      [{ Date: '>not-a-date' }, 'InvalidRequest'],
      [{ ID: 'abc' }, 'InvalidRequest'],
      [{ Colour: 'red' }, 'List.InvalidProperty'],
      [{ 'Actor.Shoe': 'x' }, 'List.InvalidProperty'],
      [{ sortBy: 'Nope' }, 'List.InvalidSortProperty'],
      [{ pageSize: '500' }, 'List.InvalidPageSize'],
      [{ include: 'everything' }, 'ValidationFailure'],
    ] as const) {
      const refused = await history(admin, query);
      expect({ query, status: refused.status }).toEqual({ query, status: 400 });
      expect(refused.body).toMatchObject({ Errors: [{ ErrorCode: code }] });
    }
  });

  it('pages newest first, every event on exactly one page, and filters by actor, date and action', async () => {
    Tokens.SetAccessToken(catalogue);
    await Products.Create({ ID: 'audit-paged', Name: 'Paged 0' });
    const start = new Date().toISOString();
    for (let i = 1; i <= 6; i++) await Products.Patch('audit-paged', { Name: `Paged ${i}` });
    await loginAs('admin');
    await Products.Patch('audit-paged', { Name: 'Paged by admin' });

    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const { body } = await history(admin, {
        ObjectType: 'product',
        ObjectID: 'audit-paged',
        pageSize: '3',
        page: String(page),
      });
      expect(body.Meta).toMatchObject({ Page: page, PageSize: 3, TotalCount: 8, TotalPages: 3 });
      seen.push(...body.Items.map((e) => e.Changes.find((c) => c.Property === 'Name')?.After as string));
    }
    expect(seen).toEqual([
      'Paged by admin',
      'Paged 6',
      'Paged 5',
      'Paged 4',
      'Paged 3',
      'Paged 2',
      'Paged 1',
      'Paged 0',
    ]);

    const mine = await history(admin, {
      ObjectID: 'audit-paged',
      'Actor.Username': 'catalogue',
      Action: 'update',
      Date: `>=${start}`,
    });
    expect(mine.body.Meta.TotalCount).toBe(6);
    const admins = await history(admin, { ObjectID: 'audit-paged', 'Actor.Username': 'admin' });
    expect(admins.body.Items.map((e) => e.Action)).toEqual(['update']);
    const oldestFirst = await history(admin, { ObjectID: 'audit-paged', sortBy: 'Date', pageSize: '1' });
    expect(oldestFirst.body.Items[0]?.Action).toBe('create');
    const future = await history(admin, {
      ObjectID: 'audit-paged',
      Date: `>${new Date(Date.now() + 3_600_000).toISOString()}`,
    });
    expect(future.body.Meta.TotalCount).toBe(0);
  });
});
