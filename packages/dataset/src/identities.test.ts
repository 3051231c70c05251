import { describe, expect, it } from 'vitest';
import { loadDataFiles } from './data-files';

const BUYER_ROLES = [
  'Shopper',
  'MeAdmin',
  'MeXpAdmin',
  'MeAddressAdmin',
  'MeCreditCardAdmin',
  'PasswordReset',
  'BuyerReader',
];

describe('the demo identities', () => {
  const { identities, regions } = loadDataFiles();
  const user = (username: string) => {
    const found = identities.users.find((u) => u.username === username);
    if (!found) throw new Error(`no user ${username}`);
    return found;
  };

  it('has the storefront, its anonymous client per regional catalogue, the sales inbox and the admin-console API clients', () => {
    expect(identities.apiClients).toEqual([
      {
        id: 'storefront',
        appName: expect.any(String),
        clientSecret: null,
        accessTokenDuration: 30,
        refreshTokenDuration: 4320,
        defaultContextUsername: 'anonymous-template',
        isAnonBuyer: true,
        allowAnyBuyer: true,
        allowAnySupplier: false,
        allowSeller: false,
      },
      ...[
        ['catalog-us', 'anonymous-template'],
        ['catalog-ca', 'anonymous-ca'],
        ['catalog-gb', 'anonymous-gb'],
        ['catalog-eu', 'anonymous-eu'],
        ['catalog-aunz', 'anonymous-aunz'],
      ].map(([catalogId, template]) => ({
        id: `storefront-${catalogId}`,
        appName: expect.any(String),
        clientSecret: null,
        accessTokenDuration: 30,
        refreshTokenDuration: 4320,
        defaultContextUsername: template,
        isAnonBuyer: true,
        allowAnyBuyer: true,
        allowAnySupplier: false,
        allowSeller: false,
      })),
      {
        id: 'sales-inbox',
        appName: expect.any(String),
        clientSecret: null,
        accessTokenDuration: 30,
        refreshTokenDuration: 4320,
        defaultContextUsername: null,
        isAnonBuyer: false,
        allowAnyBuyer: false,
        allowAnySupplier: false,
        allowSeller: true,
      },
      {
        id: 'admin-console',
        appName: expect.any(String),
        clientSecret: 'admin-console-secret',
        accessTokenDuration: 30,
        refreshTokenDuration: 4320,
        defaultContextUsername: 'admin',
        isAnonBuyer: false,
        allowAnyBuyer: true,
        allowAnySupplier: true,
        allowSeller: true,
      },
    ]);
  });

  it("puts each regional anonymous client's template user in the visitors' company of that catalogue", () => {
    for (const client of identities.apiClients.filter((c) => c.id.startsWith('storefront-'))) {
      const template = user(client.defaultContextUsername ?? '');
      const buyer = identities.buyers.find((b) => b.id === template.buyerId);
      expect(`storefront-${buyer?.catalogId}`).toBe(client.id);
      expect(buyer?.id).toMatch(/^PUBLIC-/);
      expect(template.password.length).toBeGreaterThanOrEqual(24);
    }
  });

  it('has the seller administrator', () => {
    expect(user('admin')).toMatchObject({
      buyerId: null,
      id: 'admin',
      password: 'Admin#2026',
      roles: ['FullAccess'],
      customRoles: [],
    });
  });

  it('has the five customer companies and a visitors’ company per catalogue, on their regions’ catalogues', () => {
    const catalogOf = (region: string) => regions.find((r) => r.code === region)?.catalogId;
    expect(identities.buyers.map((b) => [b.id, b.region])).toEqual([
      ['ACME-US', 'US'],
      ['NORD-EU', 'EU'],
      ['MAPLE-CA', 'CA'],
      ['THAMES-GB', 'GB'],
      ['SOUTHERN-AU', 'AU'],
      ['PUBLIC-US', 'US'],
      ['PUBLIC-CA', 'CA'],
      ['PUBLIC-GB', 'GB'],
      ['PUBLIC-EU', 'EU'],
      ['PUBLIC-AUNZ', 'AU'],
    ]);
    for (const buyer of identities.buyers) expect(buyer.catalogId).toBe(catalogOf(buyer.region));
  });

  it('has the ACME-US users with their roles, groups and xp', () => {
    const acme = identities.users.filter((u) => u.buyerId === 'ACME-US').map((u) => u.username);
    expect(acme.sort()).toEqual(['employee', 'engineer', 'newbie', 'prefab']);
    expect(user('employee')).toMatchObject({ roles: BUYER_ROLES, customRoles: ['CompanyEmployee'] });
    expect(user('prefab').xp).toEqual({ JobTitle: 'PreFab3DUser', RoleVerified: 'true' });
    expect(user('prefab').userGroupIds).toContain('acme-prefab-partners');
    expect(user('engineer').xp).toEqual({ JobTitle: 'Engineer', RoleVerified: 'true' });
    expect(user('newbie').xp).toEqual({});
    for (const name of ['prefab', 'engineer', 'newbie', 'anonymous-template'])
      expect(user(name)).toMatchObject({ roles: BUYER_ROLES, customRoles: [] });
    expect(user('anonymous-template').password.length).toBeGreaterThanOrEqual(24);
    const partners = identities.users.filter((u) => u.userGroupIds.includes('acme-prefab-partners'));
    expect(partners.map((u) => u.username)).toEqual(['prefab']);
  });

  it('has one buyer user in each other company', () => {
    const expected: Record<string, string> = {
      'eu-buyer': 'NORD-EU',
      'ca-buyer': 'MAPLE-CA',
      'gb-buyer': 'THAMES-GB',
      'au-buyer': 'SOUTHERN-AU',
    };
    for (const [username, buyerId] of Object.entries(expected)) {
      expect(user(username)).toMatchObject({ buyerId, roles: BUYER_ROLES, customRoles: [] });
    }
  });

  it('gives every buyer user the demo password, its username as id and a company e-mail', () => {
    for (const u of identities.users) {
      expect(u.id).toBe(u.username);
      expect(u.email).toMatch(new RegExp(`^${u.username}@[a-z0-9-]+(\\.[a-z0-9-]+)*\\.example$`));
      expect(u.firstName && u.lastName).toBeTruthy();
      if (u.buyerId && !u.username.startsWith('anonymous-')) expect(u.password).toBe('Buyer#2026');
    }
  });

  it("writes the German company's buyer's mails in German, everyone else's in the site's default", () => {
    expect(user('eu-buyer').locale).toBe('de-EU');
    expect(identities.users.filter((u) => u.locale !== null).map((u) => u.username)).toEqual(['eu-buyer']);
  });

  it('puts every buyer user in a group of its own company', () => {
    for (const buyer of identities.buyers) {
      const groups = identities.userGroups.filter((g) => g.buyerId === buyer.id).map((g) => g.id);
      expect(groups.length).toBeGreaterThan(0);
      for (const u of identities.users.filter((x) => x.buyerId === buyer.id)) {
        expect(u.userGroupIds.length).toBeGreaterThan(0);
        for (const id of u.userGroupIds) expect(groups).toContain(id);
      }
    }
    expect(identities.userGroups.find((g) => g.id === 'acme-prefab-partners')?.buyerId).toBe('ACME-US');
  });

  it("has the buyers', the back office's and the supplier's security profiles", () => {
    expect(identities.securityProfiles.map((p) => [p.id, p.roles, p.customRoles])).toEqual([
      ['buyer-shopper', BUYER_ROLES, []],
      ['buyer-employee', BUYER_ROLES, ['CompanyEmployee']],
      ['seller-admin', ['FullAccess'], []],
      ['catalogue-editor', expect.arrayContaining(['ProductAdmin', 'CategoryAdmin']), ['CatalogueEditor']],
      ['content-editor', expect.not.arrayContaining(['ProductAdmin']), ['ContentEditor']],
      ['merchandiser', expect.not.arrayContaining(['ProductAdmin']), ['Merchandiser']],
      [
        'customer-service',
        expect.arrayContaining(['BuyerUserAdmin', 'BuyerImpersonation']),
        ['CustomerService'],
      ],
      ['supplier-admin', expect.arrayContaining(['SupplierAdmin', 'SupplierUserAdmin', 'MeAdmin']), []],
    ]);
  });

  it('has a prefab supplier selling the partner products to ACME-US, with one user', () => {
    expect(identities.suppliers).toEqual([
      {
        id: 'KEYSTONE-PREFAB',
        name: expect.any(String),
        allBuyersCanOrder: false,
        buyerIds: ['ACME-US'],
        sellsPartnerProducts: true,
        users: [
          expect.objectContaining({
            buyerId: null,
            id: 'supplier',
            password: 'Buyer#2026',
            email: 'supplier@keystone-prefab.example',
            roles: expect.arrayContaining(['SupplierAdmin']),
          }),
        ],
      },
    ]);
    expect(identities.users.some((u) => u.username === 'supplier')).toBe(false);
  });
});
