import { queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import {
  Addresses,
  AdminAddresses,
  AdminUserGroups,
  AdminUsers,
  ApiClients,
  ApprovalRules,
  Auth,
  Bundles,
  Buyers,
  Catalogs,
  Categories,
  CostCenters,
  CreditCards,
  ImpersonationConfigs,
  InventoryRecords,
  Locales,
  Me,
  OpenIdConnects,
  PriceSchedules,
  Products,
  Promotions,
  SecurityProfiles,
  SellerApprovalRules,
  Specs,
  SpendingAccounts,
  SupplierAddresses,
  Suppliers,
  SupplierUserGroups,
  SupplierUsers,
  Tokens,
  UserGroups,
  Users,
  Webhooks,
} from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUYER_PASSWORD, commerceForTests, loginAs, refusal } from '../testing/sdk';

const PASSWORD = 'Rename#2026';
const DEMO_SUPPLIER = 'KEYSTONE-PREFAB';
const person = { FirstName: 'Rena', LastName: 'Namer', Email: 'rena@rename.example' };

/** Company, group and user exist: SQL predicates over a row's columns. */
const companyExists = (type: string, id: string) => `((${type} = 'seller' and ${id} = '')
  or (${type} = 'buyer' and exists (select 1 from buyers where buyers.id = ${id}))
  or (${type} = 'supplier' and exists (select 1 from suppliers where suppliers.id = ${id})))`;
const userExists = (type: string, company: string, id: string) =>
  `exists (select 1 from users u where u.company_type = ${type} and u.company_id = ${company} and u.id = ${id})`;
const groupExists = (type: string, company: string, id: string) =>
  `exists (select 1 from user_groups g where g.company_type = ${type} and g.company_id = ${company} and g.id = ${id})`;
const buyerExists = (id: string) => `exists (select 1 from buyers where buyers.id = ${id})`;
const supplierExists = (id: string) => `exists (select 1 from suppliers where suppliers.id = ${id})`;
const clientExists = (id: string) => `exists (select 1 from api_clients c where c.id = ${id})`;
const ownerOk = (owner: string) => `(${owner} = '' or ${supplierExists(owner)})`;
/** A buyer-scoped assignment: its buyer exists and so does its group, when it names one. */
const buyerAndGroup = (t: string) =>
  `${buyerExists(`${t}.buyer_id`)} and (${t}.user_group_id = '' or ${groupExists("'buyer'", `${t}.buyer_id`, `${t}.user_group_id`)})`;
/** The company of a security profile assignment. */
const profileCompanyType = `case when p.buyer_id is not null then 'buyer' when p.supplier_id is not null then 'supplier' else 'seller' end`;
const profileCompanyId = `coalesce(p.buyer_id, p.supplier_id, '')`;
const addressOf = (type: string, company: string, id: string) =>
  `exists (select 1 from addresses ad where ad.company_type = ${type} and ad.company_id = ${company} and ad.id = ${id} and ad.owner_user_id = '')`;

/** Rows whose references do not resolve, by check: every reference to an object with a writable ID. */
const INTEGRITY: Record<string, string> = {
  users: `select 1 from users t where not ${companyExists('t.company_type', 't.company_id')}`,
  user_groups: `select 1 from user_groups t where not ${companyExists('t.company_type', 't.company_id')}`,
  addresses: `select 1 from addresses t where not ${companyExists('t.company_type', 't.company_id')}
    or (t.owner_user_id <> '' and not ${userExists('t.company_type', 't.company_id', 't.owner_user_id')})`,
  user_group_assignments: `select 1 from user_group_assignments t
    where not ${groupExists('t.company_type', 't.company_id', 't.user_group_id')}
    or not ${userExists('t.company_type', 't.company_id', 't.user_id')}`,
  refresh_tokens: `select 1 from refresh_tokens t
    where not ${userExists('t.company_type', 't.company_id', 't.user_id')} or not ${clientExists('t.client_id')}`,
  password_reset_codes: `select 1 from password_reset_codes t
    where not ${userExists('t.company_type', 't.company_id', 't.user_id')} or not ${clientExists('t.client_id')}`,
  cost_centers: `select 1 from cost_centers t where not ${buyerExists('t.buyer_id')}`,
  credit_cards: `select 1 from credit_cards t where not ${buyerExists('t.buyer_id')}
    or (t.owner_user_id <> '' and not ${userExists("'buyer'", 't.buyer_id', 't.owner_user_id')})`,
  spending_accounts: `select 1 from spending_accounts t where not ${buyerExists('t.buyer_id')}`,
  buyer_assignments: `select 1 from buyer_assignments t where not (${buyerAndGroup('t')})
    or (t.user_id <> '' and not ${userExists("'buyer'", 't.buyer_id', 't.user_id')})
    or not case t.kind
      when 'address' then exists (select 1 from addresses a where a.company_type = 'buyer' and a.company_id = t.buyer_id and a.id = t.object_id)
      when 'costcenter' then exists (select 1 from cost_centers a where a.buyer_id = t.buyer_id and a.id = t.object_id)
      when 'creditcard' then exists (select 1 from credit_cards a where a.buyer_id = t.buyer_id and a.id = t.object_id)
      when 'spendingaccount' then exists (select 1 from spending_accounts a where a.buyer_id = t.buyer_id and a.id = t.object_id)
      else false end`,
  approval_rules: `select 1 from approval_rules t where (t.owner_id <> '' and not ${buyerExists('t.owner_id')})
    or not ${groupExists("case when t.owner_id = '' then 'seller' else 'buyer' end", 't.owner_id', 't.approving_group_id')}`,
  catalog_assignments: `select 1 from catalog_assignments t where not ${buyerExists('t.buyer_id')}`,
  product_assignments: `select 1 from product_assignments t where not (${buyerAndGroup('t')})`,
  category_assignments: `select 1 from category_assignments t where not (${buyerAndGroup('t')})`,
  bundle_assignments: `select 1 from bundle_assignments t where not (${buyerAndGroup('t')})`,
  promotion_assignments: `select 1 from promotion_assignments t where not (${buyerAndGroup('t')})`,
  inventory_record_assignments: `select 1 from inventory_record_assignments t where not (${buyerAndGroup('t')})`,
  locale_assignments: `select 1 from locale_assignments t where not (${buyerAndGroup('t')})
    or not exists (select 1 from locales l where l.id = t.locale_id)`,
  supplier_buyers: `select 1 from supplier_buyers t where not ${buyerExists('t.buyer_id')}`,
  product_collections: `select 1 from product_collections t where not ${buyerExists('t.buyer_id')}
    or not ${userExists("'buyer'", 't.buyer_id', 't.owner_user_id')}`,
  product_collection_invitations: `select 1 from product_collection_invitations t
    where t.accepted_by_user_id is not null and not ${userExists("'buyer'", 't.buyer_id', 't.accepted_by_user_id')}`,
  api_client_assignments: `select 1 from api_client_assignments t where not ${clientExists('t.api_client_id')}
    or (t.buyer_id <> '' and not ${buyerExists('t.buyer_id')})
    or (t.supplier_id <> '' and not ${supplierExists('t.supplier_id')})`,
  security_profile_assignments: `select 1 from security_profile_assignments p
    where not exists (select 1 from security_profiles s where s.id = p.security_profile_id)
    or (p.buyer_id is not null and not ${buyerExists('p.buyer_id')})
    or (p.supplier_id is not null and not ${supplierExists('p.supplier_id')})
    or (p.user_group_id is not null and not ${groupExists(profileCompanyType, profileCompanyId, 'p.user_group_id')})
    or (p.user_id is not null and not ${userExists(profileCompanyType, profileCompanyId, 'p.user_id')})`,
  impersonation_configs: `select 1 from impersonation_configs t
    where not exists (select 1 from security_profiles s where s.id = t.security_profile_id)
    or not ${clientExists('t.client_id')}
    or (t.impersonation_buyer_id is not null and not ${buyerExists('t.impersonation_buyer_id')})
    or (t.impersonation_group_id is not null and not ${groupExists("'buyer'", 't.impersonation_buyer_id', 't.impersonation_group_id')})
    or (t.impersonation_user_id is not null and not ${userExists("'buyer'", 't.impersonation_buyer_id', 't.impersonation_user_id')})
    or (t.buyer_id is not null and not ${buyerExists('t.buyer_id')})
    or (t.group_id is not null and not ${groupExists("case when t.buyer_id is null then 'seller' else 'buyer' end", "coalesce(t.buyer_id, '')", 't.group_id')})
    or (t.user_id is not null and not ${userExists("case when t.buyer_id is null then 'seller' else 'buyer' end", "coalesce(t.buyer_id, '')", 't.user_id')})`,
  openid_connects: `select 1 from openid_connects t where not ${clientExists('t.ordercloud_api_client_id')}`,
  webhooks: `select 1 from webhooks t, unnest(coalesce(t.api_client_ids, '{}')) as x(id) where not ${clientExists('x.id')}`,
  buyers: `select 1 from buyers t
    where t.default_catalog_id is not null and not exists (select 1 from catalogs c where c.id = t.default_catalog_id)`,
  categories: `select 1 from categories t where t.parent_id is not null
    and not exists (select 1 from categories p where p.catalog_id = t.catalog_id and p.id = t.parent_id)`,
  products: `select 1 from products t
    where (t.default_supplier_id is not null and not ${supplierExists('t.default_supplier_id')})
    or not ${ownerOk('t.owner_id')}
    or (t.ship_from_address_id is not null and not (${addressOf("'seller'", "''", 't.ship_from_address_id')}
      or (t.default_supplier_id is not null and ${addressOf("'supplier'", 't.default_supplier_id', 't.ship_from_address_id')})))`,
  inventory_records: `select 1 from inventory_records t where not ${ownerOk('t.owner_id')}
    or not (${addressOf("'seller'", "''", 't.address_id')} or ${addressOf("'supplier'", 't.owner_id', 't.address_id')})
    or (t.variant_id <> '' and not exists (select 1 from variants v where v.product_id = t.product_id and v.id = t.variant_id))`,
  owners: `select 1 from (select owner_id from catalogs union all select owner_id from price_schedules
    union all select owner_id from specs union all select owner_id from product_facets
    union all select owner_id from bundles union all select owner_id from promotions
    union all select owner_id from locales) t where not ${ownerOk('t.owner_id')}`,
  spec_defaults: `select 1 from specs t where t.default_option_id is not null
    and not exists (select 1 from spec_options o where o.spec_id = t.id and o.id = t.default_option_id)`,
  spec_product_assignments: `select 1 from spec_product_assignments t where t.default_option_id is not null
    and not exists (select 1 from spec_options o where o.spec_id = t.spec_id and o.id = t.default_option_id)`,
  variants: `select 1 from variants t
    where exists (select 1 from jsonb_array_elements(t.specs) e where not exists (select 1 from spec_options o
      where o.spec_id = e->>'SpecID' and o.id = e->>'OptionID'))
    or (select string_agg(x, '|' order by x) from unnest(string_to_array(t.combination, '|')) as x)
      is distinct from (select string_agg((e->>'SpecID') || ':' || (e->>'OptionID'), '|'
        order by (e->>'SpecID') || ':' || (e->>'OptionID')) from jsonb_array_elements(t.specs) e)`,
};

/** Tables that are not references to commerce objects (content, infrastructure). */
// listing_changes is a change feed: it must name the old ID, so that every instance drops that product.
const NOT_REFERENCES = [
  'outbox',
  'content_items',
  'app_meta',
  'cache_generations',
  'signing_keys',
  'listing_changes',
  // The audit trail keeps history: the old ID in the rows before a rename is what it is for.
  'audit_events',
];

describe(`renaming objects through the SDK on ${testDriver()}`, () => {
  const commerce = commerceForTests();
  const db = () => commerce().database.db;

  /** The integrity checks that find rows, with how many. */
  async function dangling(): Promise<Record<string, number>> {
    const found: Record<string, number> = {};
    for (const [name, query] of Object.entries(INTEGRITY)) {
      const [row] = await queryRows<{ n: number }>(
        db(),
        sql.raw(`select count(*)::int as n from (${query}) as dangling`),
      );
      if (row && Number(row.n) > 0) found[name] = Number(row.n);
    }
    return found;
  }

  /**
   * Every column of the database (text, text[], jsonb but xp, and the tokens of variant combination keys)
   * that still holds `id`: after a rename, the old ID must be gone everywhere.
   */
  async function leftovers(id: string): Promise<string[]> {
    const columns = await queryRows<{ table_name: string; column_name: string; data_type: string }>(
      db(),
      sql`select table_name, column_name, data_type from information_schema.columns
        where table_schema = current_schema() and data_type in ('text', 'ARRAY', 'jsonb')
        order by table_name, column_name`,
    );
    const found: string[] = [];
    for (const { table_name: table, column_name: column, data_type: type } of columns) {
      if (NOT_REFERENCES.includes(table) || column === 'xp') continue;
      const c = sql.identifier(column);
      const where =
        type === 'ARRAY'
          ? sql`${id}::text = any(${c}::text[])`
          : type === 'jsonb'
            ? sql`${c}::text like ${`%${JSON.stringify(id)}%`}`
            : column === 'combination'
              ? sql`'|' || replace(${c}, ':', '|') || '|' like ${`%|${id}|%`}`
              : sql`${c} = ${id}`;
      const [row] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`,
      );
      if (row && Number(row.n) > 0) found.push(`${table}.${column}`);
    }
    return found;
  }

  /** Nothing names `old` any more and every reference resolves. */
  async function expectGone(...old: string[]) {
    for (const id of old) expect({ id, columns: await leftovers(id) }).toEqual({ id, columns: [] });
    expect(await dangling()).toEqual({});
  }

  async function loginWith(username: string, password: string, clientID = 'storefront') {
    const auth = await Auth.Login(username, password, clientID);
    Tokens.SetAccessToken(auth.access_token);
    return auth;
  }

  beforeAll(async () => {
    await loginAs('admin');
    await AdminAddresses.Create({ ID: 'ren-dc', Street1: '1 Dock Rd', City: 'Newark', Country: 'US' });
    await Products.Create({ ID: 'REN-P1', Name: 'Rename part' });
    await Catalogs.SaveProductAssignment({ CatalogID: 'catalog-ca', ProductID: 'REN-P1' });
    await Catalogs.SaveProductAssignment({ CatalogID: 'catalog-us', ProductID: 'REN-P1' });
    await InventoryRecords.Create('REN-P1', { ID: 'ren-stock', AddressID: 'ren-dc', QuantityAvailable: 5 });
    await Bundles.Create({ ID: 'REN-KIT', Name: 'Rename kit' });
    await Promotions.Create({ ID: 'REN-PROMO', Code: 'RENAME10', Name: 'Rename', ValueExpression: '10' });
    await Locales.Create({ ID: 'ren-locale', Currency: 'CAD', Language: 'fr-CA' });
    await SecurityProfiles.Create({
      ID: 'ren-profile',
      Name: 'Rename profile',
      Roles: ['Shopper', 'MeAdmin'],
    });
  });

  it('starts from a database without dangling references', async () => {
    expect(await dangling()).toEqual({});
  });

  it('renames a buyer: users, groups, addresses, payment objects, assignments and sessions follow', async () => {
    await loginAs('admin');
    const B = 'MAPLE-CA';
    await Addresses.Create(B, { ID: 'maple-hq', Street1: '1 Bay St', City: 'Toronto', Country: 'CA' });
    await Addresses.SaveAssignment(B, {
      AddressID: 'maple-hq',
      UserGroupID: 'maple-ca-buyers',
      IsShipping: true,
    });
    await CostCenters.Create(B, { ID: 'maple-cc', Name: 'Operations' });
    await CostCenters.SaveAssignment(B, { CostCenterID: 'maple-cc', UserGroupID: 'maple-ca-buyers' });
    await CreditCards.Create(B, { ID: 'maple-card', CardholderName: 'Maple' });
    await CreditCards.SaveAssignment(B, { CreditCardID: 'maple-card', UserID: 'ca-buyer' });
    await SpendingAccounts.Create(B, { ID: 'maple-sa', Name: 'Budget', Balance: 100 });
    await SpendingAccounts.SaveAssignment(B, {
      SpendingAccountID: 'maple-sa',
      UserGroupID: 'maple-ca-buyers',
    });
    await ApprovalRules.Create(B, {
      ID: 'maple-rule',
      ApprovingGroupID: 'maple-ca-buyers',
      RuleExpression: 'true',
    });
    await Products.SaveAssignment({ ProductID: 'REN-P1', BuyerID: B, UserGroupID: 'maple-ca-buyers' });
    await Bundles.SaveAssignment({ BundleID: 'REN-KIT', BuyerID: B });
    await Promotions.SaveAssignment({ PromotionID: 'REN-PROMO', BuyerID: B, UserGroupID: 'maple-ca-buyers' });
    await InventoryRecords.SaveAssignment('REN-P1', { InventoryRecordID: 'ren-stock', BuyerID: B });
    await Locales.SaveAssignment({ LocaleID: 'ren-locale', BuyerID: B });
    await SecurityProfiles.SaveAssignment({ SecurityProfileID: 'ren-profile', BuyerID: B });
    await ApiClients.SaveAssignment({ ApiClientID: 'storefront', BuyerID: B });
    await Suppliers.SaveBuyer(DEMO_SUPPLIER, B);
    await ImpersonationConfigs.Create({
      ID: 'maple-imp',
      ImpersonationBuyerID: B,
      ImpersonationGroupID: 'maple-ca-buyers',
      ImpersonationUserID: 'ca-buyer',
      SecurityProfileID: 'ren-profile',
      ClientID: 'storefront',
    });
    const catalogBefore = (await Buyers.Get(B)).DefaultCatalogID;
    // The buyer's user: a session, personal address, card and collection.
    const session = await loginWith('ca-buyer', BUYER_PASSWORD);
    const oldToken = session.access_token;
    await Me.CreateAddress({ ID: 'ca-home', Street1: '2 Elm St', City: 'Ottawa', Country: 'CA' });
    await Me.CreateCreditCard({ ID: 'ca-own-card', CardholderName: 'Etienne' });
    await Me.CreateProductCollection({ ID: 'ca-favs', Name: 'Favourites' });
    await Me.CreateProductCollectionEntry('ca-favs', 'REN-P1');
    const visibleBefore = (await Me.ListProducts()).Meta?.TotalCount ?? 0;
    expect(visibleBefore).toBeGreaterThan(0);

    await loginAs('admin');
    const renamed = await Buyers.Patch(B, { ID: 'MAPLE-X' });
    expect(renamed).toMatchObject({ ID: 'MAPLE-X', DefaultCatalogID: catalogBefore });
    expect((await refusal(Buyers.Get(B))).status).toBe(404);
    expect((await Users.List('MAPLE-X')).Items.map((u) => u.ID)).toContain('ca-buyer');
    expect((await UserGroups.List('MAPLE-X')).Items.map((g) => g.ID)).toEqual(['maple-ca-buyers']);
    expect((await UserGroups.ListUserAssignments('MAPLE-X')).Items).toContainEqual({
      UserGroupID: 'maple-ca-buyers',
      UserID: 'ca-buyer',
    });
    expect((await Addresses.ListAssignments('MAPLE-X')).Items).toHaveLength(1);
    expect((await CostCenters.ListAssignments('MAPLE-X')).Items).toHaveLength(1);
    expect((await CreditCards.ListAssignments('MAPLE-X')).Items).toHaveLength(1);
    expect((await SpendingAccounts.ListAssignments('MAPLE-X')).Items).toHaveLength(1);
    expect((await ApprovalRules.Get('MAPLE-X', 'maple-rule')).ApprovingGroupID).toBe('maple-ca-buyers');
    expect((await Catalogs.ListAssignments({ buyerID: 'MAPLE-X' })).Items.length).toBeGreaterThan(0);
    expect((await Products.ListAssignments({ buyerID: 'MAPLE-X' })).Items).toHaveLength(1);
    expect((await Bundles.ListAssignments({ buyerID: 'MAPLE-X' })).Items).toHaveLength(1);
    expect((await Promotions.ListAssignments({ buyerID: 'MAPLE-X' })).Items).toHaveLength(1);
    expect((await InventoryRecords.ListAssignments('REN-P1', { buyerID: 'MAPLE-X' })).Items).toHaveLength(1);
    expect((await Locales.ListAssignments({ buyerID: 'MAPLE-X' })).Items).toHaveLength(1);
    expect((await SecurityProfiles.ListAssignments({ buyerID: 'MAPLE-X' })).Items.length).toBeGreaterThan(0);
    expect((await ApiClients.ListAssignments({ buyerID: 'MAPLE-X' })).Items).toHaveLength(1);
    expect(await ImpersonationConfigs.Get('maple-imp')).toMatchObject({ ImpersonationBuyerID: 'MAPLE-X' });
    await expectGone(B);

    // A token issued before the rename names a user who no longer exists under that company: refused …
    Tokens.SetAccessToken(oldToken);
    expect((await refusal(Me.Get())).status).toBe(401);
    // … and its refresh token, which followed, gives one for the new company.
    const refreshed = await Auth.RefreshToken(session.refresh_token, 'storefront');
    Tokens.SetAccessToken(refreshed.access_token);
    expect(await Me.Get()).toMatchObject({ ID: 'ca-buyer', Buyer: { ID: 'MAPLE-X' } });
    expect((await Me.ListAddresses()).Items.map((a) => a.ID).sort()).toEqual(['ca-home', 'maple-hq']);
    expect((await Me.ListCreditCards()).Items.map((c) => c.ID).sort()).toEqual(['ca-own-card', 'maple-card']);
    expect((await Me.ListProductCollectionEntries('ca-favs')).Items.map((p) => p.ID)).toEqual(['REN-P1']);
    expect((await Me.ListProducts()).Meta?.TotalCount).toBe(visibleBefore);
    // Logging in again works too.
    await loginWith('ca-buyer', BUYER_PASSWORD);
    expect((await Me.Get()).Buyer?.ID).toBe('MAPLE-X');

    // PUT renames back (and takes everything along again).
    await loginAs('admin');
    await Buyers.Save('MAPLE-X', {
      ID: B,
      Name: renamed.Name,
      DefaultCatalogID: catalogBefore,
      Active: true,
    });
    expect((await Users.List(B)).Items.map((u) => u.ID)).toContain('ca-buyer');
    await expectGone('MAPLE-X');
  });

  it('renames a supplier with its users, groups, addresses, products and stock', async () => {
    await loginAs('admin');
    await Suppliers.Create({ ID: 'SUP-R', Name: 'Rename Supply' });
    await SupplierUsers.Create('SUP-R', {
      ID: 'sup-r-user',
      Username: 'sup-r-login',
      Password: PASSWORD,
      Active: true,
      ...person,
    });
    await SupplierUserGroups.Create('SUP-R', { ID: 'sup-r-group', Name: 'Pickers' });
    await SupplierUserGroups.SaveUserAssignment('SUP-R', {
      UserGroupID: 'sup-r-group',
      UserID: 'sup-r-user',
    });
    await SupplierAddresses.Create('SUP-R', {
      ID: 'sup-r-dock',
      Street1: '3 Pier',
      City: 'Tacoma',
      Country: 'US',
    });
    await Suppliers.SaveBuyer('SUP-R', 'ACME-US');
    await Products.Create({
      ID: 'SUP-R-P',
      Name: 'Supplied part',
      DefaultSupplierID: 'SUP-R',
      ShipFromAddressID: 'sup-r-dock',
    });
    await Products.SaveSupplier('SUP-R-P', 'SUP-R');
    await InventoryRecords.Create('SUP-R-P', {
      ID: 'sup-r-stock',
      OwnerID: 'SUP-R',
      AddressID: 'sup-r-dock',
    });
    await SecurityProfiles.SaveAssignment({ SecurityProfileID: 'supplier-admin', SupplierID: 'SUP-R' });
    await SecurityProfiles.SaveAssignment({
      SecurityProfileID: 'ren-profile',
      SupplierID: 'SUP-R',
      UserGroupID: 'sup-r-group',
    });
    await ApiClients.SaveAssignment({ ApiClientID: 'admin-console', SupplierID: 'SUP-R' });
    const session = await loginWith('sup-r-login', PASSWORD, 'admin-console');

    await loginAs('admin');
    expect(await Suppliers.Patch('SUP-R', { ID: 'SUP-R2' })).toMatchObject({ ID: 'SUP-R2' });
    expect((await SupplierUsers.List('SUP-R2')).Items.map((u) => u.ID)).toEqual(['sup-r-user']);
    expect((await SupplierUserGroups.ListUserAssignments('SUP-R2')).Items).toHaveLength(1);
    expect((await SupplierAddresses.List('SUP-R2')).Items.map((a) => a.ID)).toEqual(['sup-r-dock']);
    expect((await Suppliers.ListBuyers('SUP-R2')).Items.map((b) => b.ID)).toEqual(['ACME-US']);
    expect((await Products.ListSuppliers('SUP-R-P')).Items.map((s) => s.ID)).toEqual(['SUP-R2']);
    expect((await Products.Get('SUP-R-P')).DefaultSupplierID).toBe('SUP-R2');
    expect((await InventoryRecords.Get('SUP-R-P', 'sup-r-stock')).OwnerID).toBe('SUP-R2');
    await expectGone('SUP-R');
    const refreshed = await Auth.RefreshToken(session.refresh_token, 'admin-console');
    Tokens.SetAccessToken(refreshed.access_token);
    expect(await Me.Get()).toMatchObject({ ID: 'sup-r-user', Supplier: { ID: 'SUP-R2' } });

    // Its address, user and group renamed: the product, the stock, memberships and profiles follow.
    await loginAs('admin');
    await SupplierAddresses.Patch('SUP-R2', 'sup-r-dock', { ID: 'sup-r-dock2' });
    expect((await Products.Get('SUP-R-P')).ShipFromAddressID).toBe('sup-r-dock2');
    expect((await InventoryRecords.Get('SUP-R-P', 'sup-r-stock')).Address).toMatchObject({
      ID: 'sup-r-dock2',
    });
    await SupplierUsers.Patch('SUP-R2', 'sup-r-user', { ID: 'sup-r-user2' });
    await SupplierUserGroups.Patch('SUP-R2', 'sup-r-group', { ID: 'sup-r-group2' });
    expect((await SupplierUserGroups.ListUserAssignments('SUP-R2')).Items).toEqual([
      { UserGroupID: 'sup-r-group2', UserID: 'sup-r-user2' },
    ]);
    expect((await SecurityProfiles.ListAssignments({ supplierID: 'SUP-R2', level: 'Group' })).Items).toEqual([
      expect.objectContaining({ SecurityProfileID: 'ren-profile', UserGroupID: 'sup-r-group2' }),
    ]);
    await expectGone('sup-r-dock', 'sup-r-user', 'sup-r-group');
  });

  it('renames a buyer user: memberships, assignments, what they own and their session follow', async () => {
    await loginAs('admin');
    const B = 'ACME-US';
    await Users.Create(B, {
      ID: 'ren-u',
      Username: 'ren-user-login',
      Password: PASSWORD,
      Active: true,
      ...person,
    });
    await UserGroups.SaveUserAssignment(B, { UserGroupID: 'acme-us-buyers', UserID: 'ren-u' });
    await SecurityProfiles.SaveAssignment({
      SecurityProfileID: 'buyer-shopper',
      BuyerID: B,
      UserID: 'ren-u',
    });
    await Addresses.Create(B, { ID: 'ren-u-site', Street1: '4 Site Rd', City: 'Austin', Country: 'US' });
    await Addresses.SaveAssignment(B, { AddressID: 'ren-u-site', UserID: 'ren-u', IsBilling: true });
    await CreditCards.Create(B, { ID: 'ren-u-card', CardholderName: 'Rena' });
    await CreditCards.SaveAssignment(B, { CreditCardID: 'ren-u-card', UserID: 'ren-u' });
    await ImpersonationConfigs.Create({
      ID: 'ren-u-imp',
      ImpersonationBuyerID: B,
      ImpersonationUserID: 'ren-u',
      SecurityProfileID: 'ren-profile',
      ClientID: 'storefront',
    });
    // An invitation the user accepted to someone else's collection.
    await loginAs('employee');
    await Me.CreateProductCollection({ ID: 'ren-shared', Name: 'Shared', AccessLevel: 'Shareable' });
    const invitation = await Me.CreateProductCollectionInvitation('ren-shared', { Name: 'Rena' });
    const session = await loginWith('ren-user-login', PASSWORD);
    await Me.AcceptProductCollectionInvitation('ren-shared', invitation.ID);
    await Me.CreateAddress({ ID: 'ren-u-home', Street1: '5 Home St', City: 'Austin', Country: 'US' });
    await Me.CreateCreditCard({ ID: 'ren-u-own', CardholderName: 'Rena' });
    await Me.CreateProductCollection({ ID: 'ren-u-favs', Name: 'Mine' });

    await loginAs('admin');
    const renamed = await Users.Save(B, 'ren-u', {
      ID: 'ren-u2',
      Username: 'ren-user-login',
      Active: true,
      ...person,
    });
    expect(renamed).toMatchObject({ ID: 'ren-u2', Username: 'ren-user-login' });
    expect((await UserGroups.ListUserAssignments(B, { userID: 'ren-u2' })).Items).toHaveLength(1);
    expect((await SecurityProfiles.ListAssignments({ buyerID: B, userID: 'ren-u2' })).Items).toHaveLength(1);
    expect((await Addresses.ListAssignments(B, { userID: 'ren-u2' })).Items).toHaveLength(1);
    expect((await CreditCards.ListAssignments(B, { userID: 'ren-u2' })).Items).toHaveLength(1);
    expect((await ImpersonationConfigs.Get('ren-u-imp')).ImpersonationUserID).toBe('ren-u2');
    await expectGone('ren-u');

    const refreshed = await Auth.RefreshToken(session.refresh_token, 'storefront');
    Tokens.SetAccessToken(refreshed.access_token);
    expect((await Me.Get()).ID).toBe('ren-u2');
    expect((await Me.ListAddresses()).Items.map((a) => a.ID).sort()).toEqual(['ren-u-home', 'ren-u-site']);
    expect((await Me.ListCreditCards()).Items.map((c) => c.ID).sort()).toEqual(['ren-u-card', 'ren-u-own']);
    expect((await Me.ListProductCollections()).Items.map((c) => c.ID).sort()).toEqual([
      'ren-shared',
      'ren-u-favs',
    ]);
    // The user-level profile still gives the roles.
    expect((await loginWith('ren-user-login', PASSWORD)).access_token).toBeTruthy();
  });

  it('renames admin users and groups with memberships, profiles and seller approval rules', async () => {
    await loginAs('admin');
    await AdminUsers.Create({
      ID: 'ren-admin',
      Username: 'ren-admin-login',
      Password: PASSWORD,
      Active: true,
      ...person,
    });
    await AdminUserGroups.Create({ ID: 'ren-admins', Name: 'Rename admins' });
    await AdminUserGroups.SaveUserAssignment({ UserGroupID: 'ren-admins', UserID: 'ren-admin' });
    await SecurityProfiles.SaveAssignment({ SecurityProfileID: 'seller-admin', UserGroupID: 'ren-admins' });
    await SecurityProfiles.SaveAssignment({ SecurityProfileID: 'ren-profile', UserID: 'ren-admin' });
    await SellerApprovalRules.Create({
      ID: 'ren-seller-rule',
      ApprovingGroupID: 'ren-admins',
      RuleExpression: 'true',
      ApprovalType: 'Order',
    });
    await ImpersonationConfigs.Create({
      ID: 'ren-admin-imp',
      GroupID: 'ren-admins',
      UserID: 'ren-admin',
      SecurityProfileID: 'ren-profile',
      ClientID: 'admin-console',
    });

    await AdminUsers.Patch('ren-admin', { ID: 'ren-admin2' });
    await AdminUserGroups.Patch('ren-admins', { ID: 'ren-admins2' });
    expect((await AdminUserGroups.ListUserAssignments({ userID: 'ren-admin2' })).Items).toEqual([
      { UserGroupID: 'ren-admins2', UserID: 'ren-admin2' },
    ]);
    expect((await SellerApprovalRules.Get('ren-seller-rule')).ApprovingGroupID).toBe('ren-admins2');
    expect(await ImpersonationConfigs.Get('ren-admin-imp')).toMatchObject({
      GroupID: 'ren-admins2',
      UserID: 'ren-admin2',
    });
    await expectGone('ren-admin', 'ren-admins');
    // The group still grants its profile's roles.
    const auth = await Auth.ElevatedLogin(
      'admin-console-secret',
      'ren-admin-login',
      PASSWORD,
      'admin-console',
    );
    Tokens.SetAccessToken(auth.access_token);
    expect((await Me.Get()).AvailableRoles).toContain('FullAccess');
  });

  it('renames a buyer user group: memberships and every group-level assignment follow', async () => {
    await loginAs('admin');
    const B = 'ACME-US';
    await UserGroups.Create(B, { ID: 'ren-group', Name: 'Rename group' });
    await UserGroups.SaveUserAssignment(B, { UserGroupID: 'ren-group', UserID: 'engineer' });
    await Addresses.Create(B, { ID: 'ren-group-site', Street1: '6 Yard', City: 'Dallas', Country: 'US' });
    await Addresses.SaveAssignment(B, {
      AddressID: 'ren-group-site',
      UserGroupID: 'ren-group',
      IsShipping: true,
    });
    await CostCenters.Create(B, { ID: 'ren-group-cc', Name: 'Yard' });
    await CostCenters.SaveAssignment(B, { CostCenterID: 'ren-group-cc', UserGroupID: 'ren-group' });
    await SpendingAccounts.Create(B, { ID: 'ren-group-sa', Name: 'Yard budget', Balance: 5 });
    await SpendingAccounts.SaveAssignment(B, { SpendingAccountID: 'ren-group-sa', UserGroupID: 'ren-group' });
    await Catalogs.Create({ ID: 'ren-group-cat', Name: 'Group catalog' });
    await Categories.Create('ren-group-cat', { ID: 'ren-group-top', Name: 'Top' });
    await Catalogs.SaveAssignment({ CatalogID: 'ren-group-cat', BuyerID: B });
    await Categories.SaveAssignment('ren-group-cat', {
      CategoryID: 'ren-group-top',
      BuyerID: B,
      UserGroupID: 'ren-group',
      Visible: true,
    });
    await Products.SaveAssignment({ ProductID: 'REN-P1', BuyerID: B, UserGroupID: 'ren-group' });
    await Bundles.SaveAssignment({ BundleID: 'REN-KIT', BuyerID: B, UserGroupID: 'ren-group' });
    await Promotions.SaveAssignment({ PromotionID: 'REN-PROMO', BuyerID: B, UserGroupID: 'ren-group' });
    await InventoryRecords.SaveAssignment('REN-P1', {
      InventoryRecordID: 'ren-stock',
      BuyerID: B,
      UserGroupID: 'ren-group',
    });
    await Locales.SaveAssignment({ LocaleID: 'ren-locale', BuyerID: B, UserGroupID: 'ren-group' });
    await SecurityProfiles.SaveAssignment({
      SecurityProfileID: 'ren-profile',
      BuyerID: B,
      UserGroupID: 'ren-group',
    });
    await ApprovalRules.Create(B, {
      ID: 'ren-group-rule',
      ApprovingGroupID: 'ren-group',
      RuleExpression: 'true',
    });
    await ImpersonationConfigs.Create({
      ID: 'ren-group-imp',
      ImpersonationBuyerID: B,
      ImpersonationGroupID: 'ren-group',
      BuyerID: B,
      GroupID: 'ren-group',
      SecurityProfileID: 'ren-profile',
      ClientID: 'storefront',
    });

    await UserGroups.Patch(B, 'ren-group', { ID: 'ren-group2' });
    const of = { userGroupID: 'ren-group2' };
    expect((await UserGroups.ListUserAssignments(B, of)).Items).toEqual([
      { UserGroupID: 'ren-group2', UserID: 'engineer' },
    ]);
    expect((await Addresses.ListAssignments(B, of)).Items).toHaveLength(1);
    expect((await CostCenters.ListAssignments(B, of)).Items).toHaveLength(1);
    expect((await SpendingAccounts.ListAssignments(B, of)).Items).toHaveLength(1);
    expect((await Categories.ListAssignments('ren-group-cat', of)).Items).toHaveLength(1);
    expect((await Products.ListAssignments(of)).Items).toHaveLength(1);
    expect((await Bundles.ListAssignments(of)).Items).toHaveLength(1);
    expect((await Promotions.ListAssignments(of)).Items).toHaveLength(1);
    expect((await InventoryRecords.ListAssignments('REN-P1', of)).Items).toHaveLength(1);
    expect((await Locales.ListAssignments(of)).Items).toHaveLength(1);
    expect((await SecurityProfiles.ListAssignments(of)).Items).toHaveLength(1);
    expect((await ApprovalRules.Get(B, 'ren-group-rule')).ApprovingGroupID).toBe('ren-group2');
    expect(await ImpersonationConfigs.Get('ren-group-imp')).toMatchObject({
      ImpersonationGroupID: 'ren-group2',
      GroupID: 'ren-group2',
    });
    await expectGone('ren-group');
    // The member still sees the category through the renamed group.
    await loginAs('engineer');
    expect((await Me.ListCategories({ catalogID: 'ren-group-cat' })).Items.map((c) => c.ID)).toEqual([
      'ren-group-top',
    ]);
  });

  it('renames addresses, cost centers, credit cards and spending accounts with their assignments', async () => {
    await loginAs('admin');
    const B = 'NORD-EU';
    await Addresses.Create(B, { ID: 'nord-a', Street1: '7 Ring', City: 'Berlin', Country: 'DE' });
    await Addresses.SaveAssignment(B, { AddressID: 'nord-a', IsShipping: true });
    await CostCenters.Create(B, { ID: 'nord-cc', Name: 'Werk' });
    await CostCenters.SaveAssignment(B, { CostCenterID: 'nord-cc', UserGroupID: 'nord-eu-buyers' });
    await CreditCards.Create(B, { ID: 'nord-card', CardholderName: 'Nord' });
    await CreditCards.SaveAssignment(B, { CreditCardID: 'nord-card', UserID: 'eu-buyer' });
    await SpendingAccounts.Create(B, { ID: 'nord-sa', Name: 'Budget', Balance: 7 });
    await SpendingAccounts.SaveAssignment(B, { SpendingAccountID: 'nord-sa', UserID: 'eu-buyer' });

    await Addresses.Patch(B, 'nord-a', { ID: 'nord-a2' });
    await CostCenters.Save(B, 'nord-cc', { ID: 'nord-cc2', Name: 'Werk' });
    await CreditCards.Patch(B, 'nord-card', { ID: 'nord-card2' });
    await SpendingAccounts.Patch(B, 'nord-sa', { ID: 'nord-sa2' });
    expect((await Addresses.ListAssignments(B)).Items.map((a) => a.AddressID)).toEqual(['nord-a2']);
    expect((await CostCenters.ListAssignments(B)).Items.map((a) => a.CostCenterID)).toEqual(['nord-cc2']);
    expect((await CreditCards.ListAssignments(B)).Items.map((a) => a.CreditCardID)).toEqual(['nord-card2']);
    expect((await SpendingAccounts.ListAssignments(B)).Items.map((a) => a.SpendingAccountID)).toEqual([
      'nord-sa2',
    ]);
    await expectGone('nord-a', 'nord-cc', 'nord-card', 'nord-sa');
    await loginAs('eu-buyer');
    expect((await Me.ListCostCenters()).Items.map((c) => c.ID)).toEqual(['nord-cc2']);
    expect((await Me.ListSpendingAccounts()).Items.map((s) => s.ID)).toEqual(['nord-sa2']);

    // A marketplace address: products shipping from it and stock kept at it follow.
    await loginAs('admin');
    await Products.Patch('REN-P1', { ShipFromAddressID: 'ren-dc' });
    await AdminAddresses.Patch('ren-dc', { ID: 'ren-dc2' });
    expect((await Products.Get('REN-P1')).ShipFromAddressID).toBe('ren-dc2');
    expect((await InventoryRecords.Get('REN-P1', 'ren-stock')).AddressID).toBe('ren-dc2');
    await expectGone('ren-dc');
  });

  it('renames catalogs and categories: categories, assignments and default catalogs follow', async () => {
    await loginAs('admin');
    await Catalogs.Create({ ID: 'ren-cat', Name: 'Rename catalog' });
    await Categories.Create('ren-cat', { ID: 'ren-top', Name: 'Top' });
    await Categories.Create('ren-cat', { ID: 'ren-child', Name: 'Child', ParentID: 'ren-top' });
    await Categories.Create('ren-cat', { ID: 'ren-grandchild', Name: 'Grandchild', ParentID: 'ren-child' });
    await Catalogs.SaveAssignment({ CatalogID: 'ren-cat', BuyerID: 'THAMES-GB', ViewAllProducts: true });
    await Catalogs.SaveProductAssignment({ CatalogID: 'ren-cat', ProductID: 'REN-P1' });
    await Catalogs.SaveBundleAssignment({ CatalogID: 'ren-cat', BundleID: 'REN-KIT' });
    await Categories.SaveProductAssignment('ren-cat', {
      CategoryID: 'ren-child',
      ProductID: 'REN-P1',
      ListOrder: 4,
    });
    await Categories.SaveAssignment('ren-cat', {
      CategoryID: 'ren-top',
      BuyerID: 'THAMES-GB',
      Visible: true,
    });
    await Categories.SaveBundleAssignment('ren-cat', { CategoryID: 'ren-child', BundleID: 'REN-KIT' });
    const thames = await Buyers.Get('THAMES-GB');
    await Buyers.Patch('THAMES-GB', { DefaultCatalogID: 'ren-cat' });

    await Catalogs.Patch('ren-cat', { ID: 'ren-cat2' });
    expect((await Catalogs.Get('ren-cat2')).CategoryCount).toBe(3);
    expect((await Categories.List('ren-cat2', { depth: 'all' })).Items.map((c) => c.ID).sort()).toEqual([
      'ren-child',
      'ren-grandchild',
      'ren-top',
    ]);
    expect((await Catalogs.ListAssignments({ catalogID: 'ren-cat2' })).Items).toHaveLength(1);
    expect((await Catalogs.ListProductAssignments({ catalogID: 'ren-cat2' })).Items).toHaveLength(1);
    expect((await Catalogs.ListBundleAssignments({ catalogID: 'ren-cat2' })).Items).toHaveLength(1);
    expect((await Categories.ListProductAssignments('ren-cat2')).Items).toEqual([
      { CategoryID: 'ren-child', ProductID: 'REN-P1', ListOrder: 4 },
    ]);
    expect((await Categories.ListAssignments('ren-cat2')).Items).toHaveLength(1);
    expect((await Categories.ListBundleAssignments('ren-cat2')).Items).toHaveLength(1);
    expect((await Buyers.Get('THAMES-GB')).DefaultCatalogID).toBe('ren-cat2');
    await expectGone('ren-cat');

    // A category in the middle of the tree: its sub-categories and assignments follow.
    await Categories.Save('ren-cat2', 'ren-child', { ID: 'ren-child2', Name: 'Child', ParentID: 'ren-top' });
    expect((await Categories.Get('ren-cat2', 'ren-grandchild')).ParentID).toBe('ren-child2');
    expect((await Categories.Get('ren-cat2', 'ren-top')).ChildCount).toBe(1);
    expect((await Categories.ListProductAssignments('ren-cat2')).Items).toEqual([
      { CategoryID: 'ren-child2', ProductID: 'REN-P1', ListOrder: 4 },
    ]);
    expect((await Categories.ListBundleAssignments('ren-cat2')).Items[0]?.CategoryID).toBe('ren-child2');
    await Categories.Patch('ren-cat2', 'ren-top', { ID: 'ren-top2' });
    expect((await Categories.Get('ren-cat2', 'ren-child2')).ParentID).toBe('ren-top2');
    expect((await Categories.ListAssignments('ren-cat2')).Items[0]?.CategoryID).toBe('ren-top2');
    await expectGone('ren-child', 'ren-top');
    // The buyer still sees the tree.
    await loginAs('admin');
    await Buyers.Patch('THAMES-GB', { DefaultCatalogID: thames.DefaultCatalogID });
  });

  it('renames products, price schedules, specs and options: everything hanging off them follows', async () => {
    await loginAs('admin');
    await PriceSchedules.Create({
      ID: 'ren-ps',
      Name: 'Rename price',
      PriceBreaks: [{ Quantity: 1, Price: 9 }],
    });
    await Products.Create({ ID: 'REN-P2', Name: 'Renamed product', DefaultPriceScheduleID: 'ren-ps' });
    await Catalogs.SaveProductAssignment({ CatalogID: 'catalog-us', ProductID: 'REN-P2' });
    await Products.SaveAssignment({ ProductID: 'REN-P2', BuyerID: 'ACME-US', PriceScheduleID: 'ren-ps' });
    await Specs.Create({ ID: 'ren-spec', Name: 'Finish', DefinesVariant: true, ListOrder: 1 });
    await Specs.CreateOption('ren-spec', { ID: 'ren-opt-a', Value: 'A', ListOrder: 1 });
    await Specs.CreateOption('ren-spec', { ID: 'ren-opt-b', Value: 'B', ListOrder: 2 });
    await Specs.Patch('ren-spec', { DefaultOptionID: 'ren-opt-a' });
    await Specs.Create({ ID: 'ren-size', Name: 'Size', DefinesVariant: true, ListOrder: 1 });
    await Specs.CreateOption('ren-size', { ID: 'ren-s', Value: 'S' });
    await Specs.SaveProductAssignment({
      SpecID: 'ren-spec',
      ProductID: 'REN-P2',
      DefaultOptionID: 'ren-opt-a',
    });
    await Specs.SaveProductAssignment({ SpecID: 'ren-size', ProductID: 'REN-P2' });
    await Products.GenerateVariants('REN-P2', { Active: true });
    const variantIds = (await Products.ListVariants('REN-P2')).Items.map((v) => v.ID).sort();
    expect(variantIds).toHaveLength(2);
    await InventoryRecords.Create('REN-P2', { ID: 'ren-p2-stock', AddressID: 'ren-dc2' });
    await InventoryRecords.SaveAssignment('REN-P2', {
      InventoryRecordID: 'ren-p2-stock',
      BuyerID: 'ACME-US',
    });
    await InventoryRecords.CreateVariant('REN-P2', variantIds[0] ?? '', {
      ID: 'ren-v-stock',
      AddressID: 'ren-dc2',
    });
    await Bundles.SaveProductAssignment({ BundleID: 'REN-KIT', ProductID: 'REN-P2', Required: false });
    await Products.SaveSupplier('REN-P2', 'SUP-R2');
    await loginAs('employee');
    await Me.CreateProductCollection({ ID: 'ren-p2-favs', Name: 'Has P2' });
    await Me.CreateProductCollectionEntry('ren-p2-favs', 'REN-P2');

    await loginAs('admin');
    await Products.Patch('REN-P2', { ID: 'REN-P2B' });
    expect((await Products.ListVariants('REN-P2B')).Items.map((v) => v.ID).sort()).toEqual(variantIds);
    expect((await InventoryRecords.List('REN-P2B')).Items.map((r) => r.ID)).toEqual(['ren-p2-stock']);
    expect((await InventoryRecords.ListAssignments('REN-P2B')).Items).toHaveLength(1);
    expect((await InventoryRecords.ListVariant('REN-P2B', variantIds[0] ?? '')).Items).toHaveLength(1);
    expect((await Catalogs.ListProductAssignments({ productID: 'REN-P2B' })).Items).toHaveLength(1);
    expect((await Products.ListAssignments({ productID: 'REN-P2B' })).Items).toHaveLength(1);
    expect((await Specs.ListProductAssignments({ filters: { ProductID: 'REN-P2B' } })).Items).toHaveLength(2);
    expect((await Bundles.ListProductAssignments({ productID: 'REN-P2B' })).Items).toHaveLength(1);
    expect((await Products.ListSuppliers('REN-P2B')).Items.map((s) => s.ID)).toEqual(['SUP-R2']);
    await expectGone('REN-P2');
    await loginAs('employee');
    expect((await Me.ListProductCollectionEntries('ren-p2-favs')).Items.map((p) => p.ID)).toEqual([
      'REN-P2B',
    ]);

    // The price schedule: breaks, the product default and the assignment's schedule follow.
    await loginAs('admin');
    await PriceSchedules.Patch('ren-ps', { ID: 'ren-ps2' });
    expect((await PriceSchedules.Get('ren-ps2')).PriceBreaks).toEqual([
      { Quantity: 1, Price: 9, SalePrice: null },
    ]);
    expect((await Products.Get('REN-P2B')).DefaultPriceScheduleID).toBe('ren-ps2');
    expect((await Products.ListAssignments({ productID: 'REN-P2B' })).Items[0]?.PriceScheduleID).toBe(
      'ren-ps2',
    );
    await expectGone('ren-ps');

    // The spec and an option: options, assignments, defaults and the variants' Specs follow, and
    // regenerating keeps the same variants.
    await Specs.Patch('ren-spec', { ID: 'ren-spec2' });
    await Specs.PatchOption('ren-spec2', 'ren-opt-a', { ID: 'ren-opt-a2' });
    expect(await Specs.Get('ren-spec2')).toMatchObject({ DefaultOptionID: 'ren-opt-a2', OptionCount: 2 });
    expect(
      (await Specs.ListProductAssignments({ filters: { SpecID: 'ren-spec2' } })).Items.map(
        (a) => a.DefaultOptionID,
      ),
    ).toEqual(['ren-opt-a2']);
    const specsOfVariants = (await Products.ListVariants('REN-P2B')).Items.flatMap((v) =>
      (v.Specs ?? []).map((s) => `${s.SpecID}:${s.OptionID}`),
    );
    expect(specsOfVariants.sort()).toEqual([
      'ren-size:ren-s',
      'ren-size:ren-s',
      'ren-spec2:ren-opt-a2',
      'ren-spec2:ren-opt-b',
    ]);
    await expectGone('ren-spec', 'ren-opt-a');
    await Products.GenerateVariants('REN-P2B', {});
    expect((await Products.ListVariants('REN-P2B')).Items.map((v) => v.ID).sort()).toEqual(variantIds);
    expect((await InventoryRecords.ListVariant('REN-P2B', variantIds[0] ?? '')).Items).toHaveLength(1);
  });

  it('renames bundles, promotions, collections, inventory records and variants with their assignments', async () => {
    await loginAs('admin');
    await Bundles.Patch('REN-KIT', { ID: 'REN-KIT2' });
    expect((await Bundles.ListAssignments({ bundleID: 'REN-KIT2' })).Items.length).toBeGreaterThan(0);
    expect((await Bundles.ListProductAssignments({ bundleID: 'REN-KIT2' })).Items).toHaveLength(1);
    expect((await Catalogs.ListBundleAssignments({ bundleID: 'REN-KIT2' })).Items).toHaveLength(1);
    await Promotions.Save('REN-PROMO', {
      ID: 'REN-PROMO2',
      Code: 'RENAME10',
      Name: 'Rename',
      ValueExpression: '10',
    });
    expect((await Promotions.ListAssignments({ promotionID: 'REN-PROMO2' })).Items.length).toBeGreaterThan(0);
    await InventoryRecords.Patch('REN-P1', 'ren-stock', { ID: 'ren-stock2' });
    expect((await InventoryRecords.ListAssignments('REN-P1')).Items.map((a) => a.InventoryRecordID)).toEqual([
      'ren-stock2',
      'ren-stock2',
    ]);
    const [variant] = (await Products.ListVariants('REN-P2B', { sortBy: ['ID'] })).Items;
    await Products.PatchVariant('REN-P2B', variant?.ID ?? '', { ID: 'ren-variant', Name: 'Renamed variant' });
    expect((await InventoryRecords.ListVariant('REN-P2B', 'ren-variant')).Items).toHaveLength(1);
    await loginAs('employee');
    await Me.PatchProductCollection('ren-p2-favs', { ID: 'ren-p2-favs2' });
    expect((await Me.ListProductCollectionEntries('ren-p2-favs2')).Items).toHaveLength(1);
    await expectGone('REN-KIT', 'REN-PROMO', 'ren-stock', variant?.ID ?? '', 'ren-p2-favs');
  });

  it('renames security profiles, API clients and locales: assignments, settings and sessions follow', async () => {
    await loginAs('admin');
    await SecurityProfiles.Patch('ren-profile', { ID: 'ren-profile2' });
    expect((await SecurityProfiles.ListAssignments({ securityProfileID: 'ren-profile2' })).Items.length).toBe(
      4,
    );
    expect((await ImpersonationConfigs.Get('maple-imp')).SecurityProfileID).toBe('ren-profile2');
    await expectGone('ren-profile');

    await ApiClients.Create({
      ID: 'ren-client',
      AppName: 'Rename app',
      AccessTokenDuration: 600,
      RefreshTokenDuration: 600,
      AllowAnyBuyer: true,
    });
    await ApiClients.SaveAssignment({ ApiClientID: 'ren-client', BuyerID: 'MAPLE-CA' });
    await OpenIdConnects.Create({
      ID: 'ren-oidc',
      OrderCloudApiClientID: 'ren-client',
      ConnectClientID: 'idp-client',
      ConnectClientSecret: 'idp-secret',
      AppStartUrl: 'https://app.example/start',
      AuthorizationEndpoint: 'https://idp.example/authorize',
      TokenEndpoint: 'https://idp.example/token',
    });
    await Webhooks.Create({ ID: 'ren-hook', Name: 'Hook', ApiClientIDs: ['storefront', 'ren-client'] });
    await ImpersonationConfigs.Create({
      ID: 'ren-client-imp',
      SecurityProfileID: 'ren-profile2',
      ClientID: 'ren-client',
    });
    const session = await loginWith('ca-buyer', BUYER_PASSWORD, 'ren-client');
    await loginAs('admin');
    await ApiClients.Patch('ren-client', { ID: 'ren-client2' });
    expect((await ApiClients.ListAssignments({ apiClientID: 'ren-client2' })).Items).toHaveLength(1);
    expect((await OpenIdConnects.Get('ren-oidc')).OrderCloudApiClientID).toBe('ren-client2');
    expect((await Webhooks.Get('ren-hook')).ApiClientIDs).toEqual(['storefront', 'ren-client2']);
    expect((await ImpersonationConfigs.Get('ren-client-imp')).ClientID).toBe('ren-client2');
    await expectGone('ren-client');
    expect((await refusal(Auth.RefreshToken(session.refresh_token, 'ren-client'))).status).toBe(400);
    expect((await Auth.RefreshToken(session.refresh_token, 'ren-client2')).access_token).toBeTruthy();

    await loginAs('admin');
    await Locales.Patch('ren-locale', { ID: 'ren-locale2' });
    expect((await Locales.ListAssignments({ localeID: 'ren-locale2' })).Items).toHaveLength(2);
    await expectGone('ren-locale');
  });

  it('answers 409 IdExists when the new ID is taken, and changes nothing', async () => {
    await loginAs('admin');
    await Products.Create({ ID: 'REN-TAKEN', Name: 'Taken' });
    await Categories.Create('ren-cat2', { ID: 'ren-sibling', Name: 'Sibling' });
    await Specs.CreateOption('ren-spec2', { ID: 'ren-opt-c', Value: 'C' });
    await PriceSchedules.Create({ ID: 'ren-ps-taken', Name: 'Taken' });
    await Addresses.Create('NORD-EU', { ID: 'nord-b', Street1: '8 Ring', City: 'Berlin', Country: 'DE' });
    await Bundles.Create({ ID: 'REN-KIT3', Name: 'Other kit' });
    await Locales.Create({ ID: 'ren-locale3', Currency: 'EUR' });
    await InventoryRecords.Create('REN-P1', { ID: 'ren-stock3', AddressID: 'ren-dc2' });
    await Promotions.Create({ ID: 'REN-PROMO3', Code: 'OTHER', Name: 'Other', ValueExpression: '1' });
    await AdminAddresses.Create({ ID: 'ren-dc3', Street1: '9 Dock Rd', City: 'Newark', Country: 'US' });
    await AdminUserGroups.Create({ ID: 'ren-admins3', Name: 'Other admins' });
    const [variantA, variantB] = (await Products.ListVariants('REN-P2B', { sortBy: ['ID'] })).Items;
    const attempts: [string, () => Promise<unknown>][] = [
      ['buyer', () => Buyers.Patch('NORD-EU', { ID: 'ACME-US' })],
      ['supplier', () => Suppliers.Patch('SUP-R2', { ID: DEMO_SUPPLIER })],
      ['product', () => Products.Patch('REN-P1', { ID: 'REN-TAKEN' })],
      ['catalog', () => Catalogs.Patch('ren-cat2', { ID: 'catalog-us' })],
      ['category', () => Categories.Patch('ren-cat2', 'ren-sibling', { ID: 'ren-top2' })],
      ['price schedule', () => PriceSchedules.Patch('ren-ps-taken', { ID: 'ren-ps2' })],
      ['spec', () => Specs.Patch('ren-size', { ID: 'ren-spec2' })],
      ['spec option', () => Specs.PatchOption('ren-spec2', 'ren-opt-c', { ID: 'ren-opt-b' })],
      ['variant', () => Products.PatchVariant('REN-P2B', variantA?.ID ?? '', { ID: variantB?.ID ?? '' })],
      ['user', () => Users.Patch('ACME-US', 'ren-u2', { ID: 'engineer' })],
      ['user group', () => UserGroups.Patch('ACME-US', 'ren-group2', { ID: 'acme-us-buyers' })],
      ['address', () => Addresses.Patch('NORD-EU', 'nord-b', { ID: 'nord-a2' })],
      ['admin address', () => AdminAddresses.Patch('ren-dc3', { ID: 'ren-dc2' })],
      ['bundle', () => Bundles.Patch('REN-KIT3', { ID: 'REN-KIT2' })],
      ['promotion', () => Promotions.Patch('REN-PROMO3', { ID: 'REN-PROMO2' })],
      ['security profile', () => SecurityProfiles.Patch('ren-profile2', { ID: 'buyer-shopper' })],
      ['api client', () => ApiClients.Patch('ren-client2', { ID: 'storefront' })],
      ['locale', () => Locales.Patch('ren-locale3', { ID: 'ren-locale2' })],
      ['inventory record', () => InventoryRecords.Patch('REN-P1', 'ren-stock3', { ID: 'ren-stock2' })],
      ['admin user', () => AdminUsers.Patch('ren-admin2', { ID: 'admin' })],
      ['admin user group', () => AdminUserGroups.Patch('ren-admins3', { ID: 'ren-admins2' })],
    ];
    const before = await dangling();
    for (const [what, attempt] of attempts) {
      const error = await refusal(attempt());
      expect({ what, status: error.status, code: error.errorCode }).toEqual({
        what,
        status: 409,
        code: 'IdExists',
      });
    }
    await loginAs('employee');
    await Me.CreateProductCollection({ ID: 'ren-other-favs', Name: 'Other' });
    const collection = await refusal(Me.PatchProductCollection('ren-other-favs', { ID: 'ren-p2-favs2' }));
    expect([collection.status, collection.errorCode]).toEqual([409, 'IdExists']);
    await loginAs('admin');
    expect(await dangling()).toEqual(before);
    // Both objects of each pair are still there, unchanged.
    expect((await Buyers.Get('NORD-EU')).ID).toBe('NORD-EU');
    expect((await Products.Get('REN-P1')).ID).toBe('REN-P1');
    expect((await Categories.Get('ren-cat2', 'ren-sibling')).ParentID).toBeNull();
    expect((await Users.Get('ACME-US', 'ren-u2')).Username).toBe('ren-user-login');
    expect((await InventoryRecords.ListAssignments('REN-P1')).Items).toHaveLength(2);
  });

  it('updates the ListOrder of a category product assignment saved again', async () => {
    await loginAs('admin');
    const save = (ListOrder?: number) =>
      Categories.SaveProductAssignment('ren-cat2', {
        CategoryID: 'ren-sibling',
        ProductID: 'REN-TAKEN',
        ListOrder,
      });
    const listed = async () =>
      (await Categories.ListProductAssignments('ren-cat2', { categoryID: 'ren-sibling' })).Items;
    await save(3);
    expect(await listed()).toEqual([{ CategoryID: 'ren-sibling', ProductID: 'REN-TAKEN', ListOrder: 3 }]);
    await save(7);
    expect(await listed()).toEqual([{ CategoryID: 'ren-sibling', ProductID: 'REN-TAKEN', ListOrder: 7 }]);
    await save();
    expect(await listed()).toEqual([{ CategoryID: 'ren-sibling', ProductID: 'REN-TAKEN', ListOrder: 0 }]);
    const bad = await refusal(save(1.5));
    expect(bad.status).toBe(400);
    expect(await listed()).toEqual([{ CategoryID: 'ren-sibling', ProductID: 'REN-TAKEN', ListOrder: 0 }]);
  });
});
