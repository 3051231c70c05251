/**
 * The back office's areas and who may open them (docs/back-office.md, "Roles"). The console only hides
 * what a user may not use: every service enforces its own roles on each call, so a hidden link is a
 * convenience, never the protection.
 */

export type AreaId = 'products' | 'content' | 'search' | 'customers' | 'history';

export interface Area {
  id: AreaId;
  /** The console path under /admin. */
  path: string;
  label: string;
  description: string;
  /** Any one of these roles opens the area (FullAccess opens every area). */
  roles: readonly string[];
}

export const AREAS: readonly Area[] = [
  {
    id: 'products',
    path: '/admin/products',
    label: 'Products',
    description: 'Names and descriptions in every language, prices, inventory, attributes and files.',
    roles: ['ProductAdmin', 'ProductReader', 'CatalogueEditor'],
  },
  {
    id: 'customers',
    path: '/admin/customers',
    label: 'Customers',
    description: 'Companies and their users; the queue of users whose job role waits for verification.',
    roles: ['BuyerUserAdmin', 'BuyerUserReader', 'CustomerService'],
  },
];

export function mayOpen(roles: readonly string[], area: Area): boolean {
  return roles.includes('FullAccess') || area.roles.some((role) => roles.includes(role));
}

/** The areas a user with `roles` may open, in menu order. */
export function areasFor(roles: readonly string[]): Area[] {
  return AREAS.filter((area) => mayOpen(roles, area));
}

/** Whether `roles` may change buyer users (verify a role); read-only otherwise. */
export function mayEditBuyerUsers(roles: readonly string[]): boolean {
  return roles.includes('FullAccess') || roles.includes('BuyerUserAdmin');
}

/** Whether `roles` may change products (the editor's fields are read-only otherwise). */
export function mayEditProducts(roles: readonly string[]): boolean {
  return roles.includes('FullAccess') || roles.includes('ProductAdmin');
}
