import { describe, expect, it } from 'vitest';
import { accountLinkHrefs, menuLinksFor, menuUserKindOfToken } from './account-menu-links';

const token = (claims: Record<string, unknown>) =>
  `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

describe("the account menu's links", () => {
  it("give the seller's staff the sales inbox and never a buyer page that answers 403", () => {
    expect(menuLinksFor(menuUserKindOfToken(token({ usrtype: 'admin' })))).toEqual(['account', 'sales']);
    expect(menuLinksFor(menuUserKindOfToken(token({ usrtype: 'buyer' })))).toEqual([
      'account',
      'projects',
      'quotes',
    ]);
    expect(menuLinksFor(menuUserKindOfToken(token({ usrtype: 'supplier' })))).toEqual(['account']);
  });

  it('point into the page’s locale', () => {
    expect(accountLinkHrefs('fr-CA')).toEqual({
      account: '/fr-ca/account',
      projects: '/fr-ca/projects',
      quotes: '/fr-ca/quotes',
      sales: '/fr-ca/sales',
    });
    expect(accountLinkHrefs('en-US').account).toBe('/account');
  });
});
