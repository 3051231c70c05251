import type { Db } from '@catalogue/db';
import {
  addresses,
  apiClientAssignments,
  approvalRules,
  bundleAssignments,
  bundles,
  buyerAssignments,
  buyers,
  catalogAssignments,
  catalogs,
  categories,
  categoryAssignments,
  costCenters,
  creditCards,
  impersonationConfigs,
  inventoryRecordAssignments,
  inventoryRecords,
  localeAssignments,
  locales,
  openIdConnects,
  passwordResetCodes,
  priceSchedules,
  productAssignments,
  productCollectionInvitations,
  productCollections,
  productFacets,
  products,
  promotionAssignments,
  promotions,
  refreshTokens,
  securityProfileAssignments,
  specProductAssignments,
  specs,
  spendingAccounts,
  supplierBuyers,
  userGroupAssignments,
  userGroups,
  users,
  webhooks,
} from '@catalogue/db/schema';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  ordersFollowBuyerObject,
  ordersFollowCompany,
  ordersFollowUser,
  ordersFollowUserGroup,
} from './order-renames';

/**
 * What follows an object whose ID a PUT or PATCH changes (OrderCloud lets both change IDs). Every
 * reference to a writable ID is one of:
 *
 * - a foreign key with ON UPDATE CASCADE (migration 0014): the database moves it with the row — catalogs
 *   (categories and every catalog/category assignment), categories (their buyer, product and bundle
 *   assignments), products (catalog, category, buyer, spec, bundle, supplier assignments, variants,
 *   inventory records and their assignments, collection entries), price schedules (price breaks, product
 *   defaults, assignment and supplier schedules), specs (options, product assignments), bundles,
 *   promotions, product collections (entries, invitations), inventory records (assignments), suppliers
 *   (buyers, product suppliers);
 * - a column without a foreign key — polymorphic (`company_type`/`company_id`, nullable or '' columns of
 *   assignments) or inside JSON/arrays: the functions below update it in the rename's own transaction,
 *   called from each resource's `renamed` hook (see `ResourceDef.renamed`).
 *
 * Orders, carts, approvals, payments, shipments and subscriptions follow through `order-renames.ts`.
 *
 * No resource refuses a rename any more: every dependant follows. Refresh tokens and password-reset codes
 * follow their user or company too (the same person keeps their session: the next refresh issues a token
 * with the new IDs). Access tokens already issued are self-contained and keep the old IDs until they
 * expire; under the old IDs they reach nothing. Soft references outside the commerce data (content items
 * keyed by a dataset category ID, IDs inside xp) are not references and do not follow.
 */

type CompanyType = 'seller' | 'buyer' | 'supplier';

/** `update <column's table> set <column> = to where …` (a no-op when nothing matches). */
async function follow(tx: Db, column: PgColumn, to: string, ...where: (SQL | undefined)[]): Promise<void> {
  await tx.execute(
    sql`update ${column.table} set ${sql.identifier(column.name)} = ${to} where ${and(...where)}`,
  );
}

/** The rows of one company in a table keyed by `company_type`/`company_id`. */
function ofCompany(
  t: { companyType: PgColumn; companyId: PgColumn },
  companyType: CompanyType,
  companyId: string,
): SQL {
  return and(eq(t.companyType, companyType), eq(t.companyId, companyId)) as SQL;
}

/** Security profile assignments of one company (buyer, supplier, or the marketplace: both null). */
function profileAssignmentsOf(companyType: CompanyType, companyId: string): SQL {
  const a = securityProfileAssignments;
  if (companyType === 'buyer') return eq(a.buyerId, companyId);
  if (companyType === 'supplier') return eq(a.supplierId, companyId);
  return and(isNull(a.buyerId), isNull(a.supplierId)) as SQL;
}

/**
 * A buyer or supplier company renamed: its users, groups, memberships and addresses (keyed by company),
 * their tokens and reset codes, and every assignment or setting that names the company.
 */
export async function renameCompany(
  tx: Db,
  companyType: 'buyer' | 'supplier',
  from: string,
  to: string,
): Promise<void> {
  await ordersFollowCompany(tx, companyType, from, to);
  for (const t of [users, userGroups, userGroupAssignments, addresses, refreshTokens, passwordResetCodes]) {
    await follow(tx, t.companyId, to, ofCompany(t, companyType, from));
  }
  const p = securityProfileAssignments;
  const c = apiClientAssignments;
  if (companyType === 'supplier') {
    await follow(tx, p.supplierId, to, eq(p.supplierId, from));
    await follow(tx, c.supplierId, to, eq(c.supplierId, from));
    // supplier_buyers and product_suppliers follow by foreign key.
    await follow(tx, products.defaultSupplierId, to, eq(products.defaultSupplierId, from));
    for (const t of [
      products,
      catalogs,
      priceSchedules,
      specs,
      productFacets,
      bundles,
      promotions,
      locales,
      inventoryRecords,
    ]) {
      await follow(tx, t.ownerId, to, eq(t.ownerId, from));
    }
    return;
  }
  await follow(tx, p.buyerId, to, eq(p.buyerId, from));
  await follow(tx, c.buyerId, to, eq(c.buyerId, from));
  for (const column of [
    costCenters.buyerId,
    creditCards.buyerId,
    spendingAccounts.buyerId,
    buyerAssignments.buyerId,
    catalogAssignments.buyerId,
    productAssignments.buyerId,
    categoryAssignments.buyerId,
    bundleAssignments.buyerId,
    promotionAssignments.buyerId,
    inventoryRecordAssignments.buyerId,
    supplierBuyers.buyerId,
    localeAssignments.buyerId,
    // Entries and invitations follow the collection by foreign key.
    productCollections.buyerId,
    impersonationConfigs.buyerId,
    impersonationConfigs.impersonationBuyerId,
  ]) {
    await follow(tx, column, to, eq(column, from));
  }
  await follow(tx, approvalRules.ownerId, to, eq(approvalRules.ownerId, from));
}

/** A user renamed: memberships, user-level assignments, what the user owns, tokens and reset codes. */
export async function renameUser(
  tx: Db,
  companyType: CompanyType,
  companyId: string,
  from: string,
  to: string,
): Promise<void> {
  await ordersFollowUser(tx, companyType, companyId, from, to);
  for (const t of [userGroupAssignments, refreshTokens, passwordResetCodes]) {
    await follow(tx, t.userId, to, ofCompany(t, companyType, companyId), eq(t.userId, from));
  }
  const p = securityProfileAssignments;
  await follow(tx, p.userId, to, profileAssignmentsOf(companyType, companyId), eq(p.userId, from));
  const i = impersonationConfigs;
  if (companyType === 'seller') {
    await follow(tx, i.userId, to, isNull(i.buyerId), eq(i.userId, from));
    return;
  }
  if (companyType !== 'buyer') return;
  await follow(
    tx,
    buyerAssignments.userId,
    to,
    eq(buyerAssignments.buyerId, companyId),
    eq(buyerAssignments.userId, from),
  );
  await follow(
    tx,
    addresses.ownerUserId,
    to,
    ofCompany(addresses, 'buyer', companyId),
    eq(addresses.ownerUserId, from),
  );
  await follow(
    tx,
    creditCards.ownerUserId,
    to,
    eq(creditCards.buyerId, companyId),
    eq(creditCards.ownerUserId, from),
  );
  await follow(
    tx,
    productCollections.ownerUserId,
    to,
    eq(productCollections.buyerId, companyId),
    eq(productCollections.ownerUserId, from),
  );
  const inv = productCollectionInvitations;
  await follow(tx, inv.acceptedByUserId, to, eq(inv.buyerId, companyId), eq(inv.acceptedByUserId, from));
  await follow(tx, i.userId, to, eq(i.buyerId, companyId), eq(i.userId, from));
  await follow(
    tx,
    i.impersonationUserId,
    to,
    eq(i.impersonationBuyerId, companyId),
    eq(i.impersonationUserId, from),
  );
}

/** A user group renamed: memberships, profile assignments and, for buyers, every group-level assignment. */
export async function renameUserGroup(
  tx: Db,
  companyType: CompanyType,
  companyId: string,
  from: string,
  to: string,
): Promise<void> {
  await ordersFollowUserGroup(tx, companyType, companyId, from, to);
  const m = userGroupAssignments;
  await follow(tx, m.userGroupId, to, ofCompany(m, companyType, companyId), eq(m.userGroupId, from));
  const p = securityProfileAssignments;
  await follow(tx, p.userGroupId, to, profileAssignmentsOf(companyType, companyId), eq(p.userGroupId, from));
  const i = impersonationConfigs;
  if (companyType === 'supplier') return;
  // Approval rules of the company (the marketplace's have owner '').
  const owner = companyType === 'buyer' ? companyId : '';
  await follow(
    tx,
    approvalRules.approvingGroupId,
    to,
    eq(approvalRules.ownerId, owner),
    eq(approvalRules.approvingGroupId, from),
  );
  if (companyType === 'seller') {
    await follow(tx, i.groupId, to, isNull(i.buyerId), eq(i.groupId, from));
    return;
  }
  for (const t of [
    buyerAssignments,
    categoryAssignments,
    productAssignments,
    bundleAssignments,
    promotionAssignments,
    inventoryRecordAssignments,
    localeAssignments,
  ]) {
    await follow(tx, t.userGroupId, to, eq(t.buyerId, companyId), eq(t.userGroupId, from));
  }
  await follow(tx, i.groupId, to, eq(i.buyerId, companyId), eq(i.groupId, from));
  await follow(
    tx,
    i.impersonationGroupId,
    to,
    eq(i.impersonationBuyerId, companyId),
    eq(i.impersonationGroupId, from),
  );
}

/** A buyer's cost center, credit card or spending account renamed: its assignments. */
export async function renameBuyerObject(
  tx: Db,
  kind: 'address' | 'costcenter' | 'creditcard' | 'spendingaccount',
  buyerId: string,
  from: string,
  to: string,
): Promise<void> {
  const a = buyerAssignments;
  await follow(tx, a.objectId, to, eq(a.kind, kind), eq(a.buyerId, buyerId), eq(a.objectId, from));
  await ordersFollowBuyerObject(tx, kind, buyerId, from, to);
}

/** A supplier's address with this ID (the product's or record's own supplier's is used before the marketplace's). */
const supplierAddress = (supplier: PgColumn, addressId: string) =>
  sql`exists (select 1 from ${addresses} where ${addresses.companyType} = 'supplier'
    and ${addresses.companyId} = ${supplier} and ${addresses.id} = ${addressId} and ${addresses.ownerUserId} = '')`;

/**
 * An address renamed: a buyer's assignments; the products shipping from it and the inventory records
 * stocked at it (a marketplace address, or the supplier's own that the product or record resolves to).
 */
export async function renameAddress(
  tx: Db,
  companyType: CompanyType,
  companyId: string,
  from: string,
  to: string,
): Promise<void> {
  if (companyType === 'buyer') {
    await renameBuyerObject(tx, 'address', companyId, from, to);
    return;
  }
  const p = products;
  const r = inventoryRecords;
  if (companyType === 'supplier') {
    await follow(
      tx,
      p.shipFromAddressId,
      to,
      eq(p.defaultSupplierId, companyId),
      eq(p.shipFromAddressId, from),
    );
    await follow(tx, r.addressId, to, eq(r.ownerId, companyId), eq(r.addressId, from));
    return;
  }
  await follow(
    tx,
    p.shipFromAddressId,
    to,
    eq(p.shipFromAddressId, from),
    sql`not (${p.defaultSupplierId} is not null and ${supplierAddress(p.defaultSupplierId, from)})`,
  );
  await follow(
    tx,
    r.addressId,
    to,
    eq(r.addressId, from),
    sql`not (${r.ownerId} <> '' and ${supplierAddress(r.ownerId, from)})`,
  );
}

/** A security profile renamed: its assignments and the impersonation configs using it. */
export async function renameSecurityProfile(tx: Db, from: string, to: string): Promise<void> {
  const p = securityProfileAssignments;
  await follow(tx, p.securityProfileId, to, eq(p.securityProfileId, from));
  const i = impersonationConfigs;
  await follow(tx, i.securityProfileId, to, eq(i.securityProfileId, from));
}

/** An API client renamed: its assignments, OpenID Connects, impersonation configs, webhooks, tokens. */
export async function renameApiClient(tx: Db, from: string, to: string): Promise<void> {
  for (const column of [
    apiClientAssignments.apiClientId,
    openIdConnects.orderCloudApiClientId,
    impersonationConfigs.clientId,
    refreshTokens.clientId,
    passwordResetCodes.clientId,
  ]) {
    await follow(tx, column, to, eq(column, from));
  }
  await tx.execute(sql`update ${webhooks} set ${sql.identifier(webhooks.apiClientIds.name)} =
      array_replace(${webhooks.apiClientIds}, ${from}::text, ${to}::text)
    where ${from}::text = any(${webhooks.apiClientIds})`);
}

/** A locale renamed: its assignments. */
export async function renameLocale(tx: Db, from: string, to: string): Promise<void> {
  await follow(tx, localeAssignments.localeId, to, eq(localeAssignments.localeId, from));
}

/** A catalog renamed: buyers' DefaultCatalogID (categories and assignments follow by foreign key). */
export async function renameCatalog(tx: Db, from: string, to: string): Promise<void> {
  await follow(tx, buyers.defaultCatalogId, to, eq(buyers.defaultCatalogId, from));
}

/** A category renamed: its sub-categories' ParentID (assignments follow by foreign key). */
export async function renameCategory(tx: Db, catalogId: string, from: string, to: string): Promise<void> {
  await follow(
    tx,
    categories.parentId,
    to,
    eq(categories.catalogId, catalogId),
    eq(categories.parentId, from),
  );
}

/**
 * A spec renamed: the Specs of the variants it defines and their combination keys ("specID:optionID|…",
 * in spec ListOrder then ID, as generation builds them), so regenerating keeps those variants.
 */
export async function renameSpec(tx: Db, from: string, to: string): Promise<void> {
  await tx.execute(sql`update variants v set
      specs = (select jsonb_agg(case when e->>'SpecID' = ${from}::text
                 then jsonb_set(e, '{SpecID}', to_jsonb(${to}::text)) else e end order by n)
               from jsonb_array_elements(v.specs) with ordinality as x(e, n)),
      combination = (select string_agg(part.spec_id || ':' || part.option_id, '|' order by s.list_order, s.id)
               from (select case when split_part(p, ':', 1) = ${from}::text then ${to}::text
                              else split_part(p, ':', 1) end as spec_id,
                            split_part(p, ':', 2) as option_id
                     from unnest(string_to_array(v.combination, '|')) as p) part
               left join specs s on s.id = part.spec_id)
    where v.specs @> jsonb_build_array(jsonb_build_object('SpecID', ${from}::text))`);
}

/** A spec option renamed: defaults naming it and the variants it defines (Specs and combination keys). */
export async function renameSpecOption(tx: Db, specId: string, from: string, to: string): Promise<void> {
  await follow(tx, specs.defaultOptionId, to, eq(specs.id, specId), eq(specs.defaultOptionId, from));
  const a = specProductAssignments;
  await follow(tx, a.defaultOptionId, to, eq(a.specId, specId), eq(a.defaultOptionId, from));
  await tx.execute(sql`update variants v set
      specs = (select jsonb_agg(case when e->>'SpecID' = ${specId}::text and e->>'OptionID' = ${from}::text
                 then jsonb_set(e, '{OptionID}', to_jsonb(${to}::text)) else e end order by n)
               from jsonb_array_elements(v.specs) with ordinality as x(e, n)),
      combination = array_to_string(array_replace(string_to_array(v.combination, '|'),
        ${specId}::text || ':' || ${from}::text, ${specId}::text || ':' || ${to}::text), '|')
    where v.specs @> jsonb_build_array(jsonb_build_object('SpecID', ${specId}::text, 'OptionID', ${from}::text))`);
}
