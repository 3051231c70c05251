import {
  approvalRules,
  buyerAssignments,
  catalogAssignments,
  catalogProductAssignments,
  categoryAssignments,
  categoryProductAssignments,
  contentItems,
  inventoryRecordAssignments,
  priceBreaks,
  productAssignments,
  productFacets,
  securityProfileAssignments,
  specOptions,
  specProductAssignments,
  userGroupAssignments,
} from '@catalogue/db/schema';
import { type Column, getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { rolesFor } from '../auth/roles';
import { catalogResource } from '../catalog/catalogs';
import { categoryResource } from '../catalog/categories';
import { inventoryRecordResource } from '../catalog/inventory-records';
import { priceScheduleResource } from '../catalog/price-schedules';
import { productResource } from '../catalog/products';
import { specResource } from '../catalog/specs';
import { variantResource } from '../catalog/variants';
import { addressResource } from '../identity/buyer-resources';
import { userResource } from '../identity/buyer-users';
import { buyerResource } from '../identity/buyers';
import { userGroupResource } from '../identity/user-groups';
import type { Resource } from '../resources/crud';

/**
 * What the history API knows of each object type the trail records (the types `audit_attach` gives in
 * migration 0047): who may read its history, and how its columns are shown on the wire.
 */
export interface AuditedType {
  /** Any one of these roles lets a caller read the history (FullAccess always does). */
  readers: readonly string[];
  /** Column → wire property path (`name` → `Name`, `inventory_enabled` → `Inventory.Enabled`). */
  properties: ReadonlyMap<string, string>;
  /**
   * jsonb columns whose objects are compared and shown key by key, under a path prefix (`xp` →
   * `xp.Names.de`; '' puts the keys at the top, as for a content item's data).
   */
  documents: ReadonlyMap<string, string>;
  /** Timestamp columns: the trail holds them as the database wrote them, the wire as ISO instants. */
  instants: ReadonlySet<string>;
}

function instantsOf(table: PgTable): Set<string> {
  return new Set(
    Object.values(getTableColumns(table))
      .filter((column) => (column as Column).dataType === 'date')
      .map((column) => (column as Column).name),
  );
}

/** `default_price_schedule_id` → `DefaultPriceScheduleID`: OrderCloud's names for plain columns. */
export function wireNameOf(column: string): string {
  if (column === 'xp') return 'xp';
  return column
    .split('_')
    .map((word) => (word === 'id' ? 'ID' : word.charAt(0).toUpperCase() + word.slice(1)))
    .join('');
}

/**
 * A type shown as its resource shows it: exactly the resource's properties (columns it does not show,
 * such as internal keys and bookkeeping timestamps, are left out), plus `extra` ones it computes.
 */
function fromResource(resource: Resource, extra: Record<string, string> = {}): AuditedType {
  const properties = new Map<string, string>();
  for (const [wire, column] of Object.entries(resource.def.columns)) {
    if (!resource.def.hidden?.includes(wire)) properties.set(column.name, wire);
  }
  for (const [column, wire] of Object.entries(extra)) properties.set(column, wire);
  return {
    readers: resource.def.roles.read,
    properties,
    documents: new Map(properties.has('xp') ? [['xp', 'xp']] : []),
    instants: instantsOf(resource.def.table),
  };
}

/** A type without a resource of its own (assignments): every column, in OrderCloud's naming. */
function plain(table: PgTable, readers: readonly string[], leaveOut: string[] = []): AuditedType {
  const properties = new Map<string, string>();
  for (const column of Object.values(getTableColumns(table))) {
    const name = (column as Column).name;
    if (!leaveOut.includes(name)) properties.set(name, wireNameOf(name));
  }
  return {
    readers,
    properties,
    documents: new Map(properties.has('xp') ? [['xp', 'xp']] : []),
    instants: instantsOf(table),
  };
}

const INVENTORY = {
  inventory_quantity_available: 'Inventory.QuantityAvailable',
  inventory_notification_point: 'Inventory.NotificationPoint',
  inventory_last_updated: 'Inventory.LastUpdated',
};
const PRODUCT_INVENTORY = {
  ...INVENTORY,
  inventory_enabled: 'Inventory.Enabled',
  inventory_variant_level_tracking: 'Inventory.VariantLevelTracking',
  inventory_order_can_exceed: 'Inventory.OrderCanExceed',
};

const products = rolesFor('ProductAdmin', 'ProductReader').read;
const catalogReaders = rolesFor('CatalogAdmin', 'CatalogReader').read;
const categoryReaders = rolesFor('CategoryAdmin', 'CategoryReader').read;
const priceScheduleReaders = rolesFor('PriceScheduleAdmin', 'PriceScheduleReader').read;

/** Per company type (the `{company_type}` of the trail's users, groups and addresses). */
const COMPANY_KINDS = [
  ['buyer', 'BuyerUser', 'UserGroup', 'Address'],
  ['seller', 'AdminUser', 'AdminUserGroup', 'AdminAddress'],
  ['supplier', 'SupplierUser', 'SupplierUserGroup', 'SupplierAddress'],
] as const;

function companyTypes(): [string, AuditedType][] {
  return COMPANY_KINDS.flatMap(([company, user, group, address]) => {
    const groupRoles = rolesFor(`${group}Admin`, `${group}Reader`);
    return [
      [`user:${company}`, fromResource(userResource(rolesFor(`${user}Admin`, `${user}Reader`)))],
      [`user-group:${company}`, fromResource(userGroupResource(groupRoles, company === 'seller'))],
      [
        `user-group-assignment:${company}`,
        plain(userGroupAssignments, groupRoles.read, ['company_type', 'company_id']),
      ],
      [`address:${company}`, fromResource(addressResource(rolesFor(`${address}Admin`, `${address}Reader`)))],
    ] satisfies [string, AuditedType][];
  });
}

const BUYER_ASSIGNMENT_KINDS = [
  ['address', rolesFor('AddressAdmin', 'AddressReader')],
  ['costcenter', rolesFor('CostCenterAdmin', 'CostCenterReader')],
  ['creditcard', rolesFor('CreditCardAdmin', 'CreditCardReader')],
  ['spendingaccount', rolesFor('SpendingAccountAdmin', 'SpendingAccountReader')],
] as const;

const TYPES: ReadonlyMap<string, AuditedType> = new Map<string, AuditedType>([
  ['product', fromResource(productResource(), PRODUCT_INVENTORY)],
  ['variant', fromResource(variantResource, { ...INVENTORY, specs: 'Specs' })],
  ['inventory-record', fromResource(inventoryRecordResource)],
  ['inventory-record-assignment', plain(inventoryRecordAssignments, products)],
  ['spec', fromResource(specResource)],
  ['spec-option', plain(specOptions, products)],
  ['spec-product-assignment', plain(specProductAssignments, products)],
  ['price-schedule', fromResource(priceScheduleResource)],
  ['price-break', plain(priceBreaks, priceScheduleReaders)],
  ['catalog', fromResource(catalogResource)],
  ['catalog-assignment', plain(catalogAssignments, catalogReaders)],
  ['catalog-product-assignment', plain(catalogProductAssignments, catalogReaders)],
  ['category', fromResource(categoryResource())],
  ['category-product-assignment', plain(categoryProductAssignments, categoryReaders)],
  ['category-assignment', plain(categoryAssignments, categoryReaders)],
  ['product-assignment', plain(productAssignments, rolesFor('ProductAssignmentAdmin').read)],
  ['product-facet', plain(productFacets, rolesFor('ProductFacetAdmin', 'ProductFacetReader').read)],
  ['buyer', fromResource(buyerResource)],
  ...companyTypes(),
  ...BUYER_ASSIGNMENT_KINDS.map(
    ([kind, roles]) =>
      [`${kind}-assignment`, plain(buyerAssignments, roles.read, ['kind'])] satisfies [string, AuditedType],
  ),
  ['approval-rule', plain(approvalRules, rolesFor('ApprovalRuleAdmin', 'ApprovalRuleReader').read)],
  [
    'security-profile-assignment',
    plain(securityProfileAssignments, rolesFor('SecurityProfileAdmin', 'SecurityProfileReader').read, [
      'key',
    ]),
  ],
]);

/** Content items (`content:<type>`): their data key by key; the back office's content roles read them. */
export const CONTENT_PREFIX = 'content:';
const CONTENT: AuditedType = {
  readers: ['ContentEditor', 'Merchandiser'],
  properties: new Map([['data', '']]),
  documents: new Map([['data', '']]),
  instants: instantsOf(contentItems),
};

/** The type's definition, or undefined for a type the trail does not record. */
export function auditedType(objectType: string): AuditedType | undefined {
  if (objectType.startsWith(CONTENT_PREFIX) && objectType.length > CONTENT_PREFIX.length) return CONTENT;
  return TYPES.get(objectType);
}

/** Every exact type name (content types are open-ended: `content:` plus the item's type). */
export function auditedTypeNames(): string[] {
  return [...TYPES.keys()];
}

/** The types a caller with these roles may read the history of; `all` for FullAccess. */
export function readableTypes(
  roles: readonly string[],
): { all: true } | { exact: string[]; content: boolean } {
  if (roles.includes('FullAccess')) return { all: true };
  const can = (type: AuditedType) => type.readers.some((role) => roles.includes(role));
  return {
    exact: [...TYPES].filter(([, type]) => can(type)).map(([name]) => name),
    content: can(CONTENT),
  };
}
