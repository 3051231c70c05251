import { hashPassword } from '@catalogue/commerce/passwords';
import { type Db, liftStatementTimeout } from '@catalogue/db';
import {
  apiClients,
  appMeta,
  buyers,
  catalogAssignments,
  catalogProductAssignments,
  catalogs,
  categories,
  categoryProductAssignments,
  contentItems,
  priceBreaks,
  priceSchedules,
  productAssignments,
  productFacets,
  productSuppliers,
  products,
  securityProfileAssignments,
  securityProfiles,
  specOptions,
  specProductAssignments,
  specs,
  supplierBuyers,
  suppliers,
  userGroupAssignments,
  userGroups,
  users,
  variants,
} from '@catalogue/db/schema';
import { eq, sql } from 'drizzle-orm';
import type { Dataset } from '../model';
import { PARTNER_GROUP_ID } from '../partner-products';
import { planCatalogs } from './catalogs';
import { chunk } from './chunks';
import { categoryRow, contentRows, productFacetRows, productRow } from './rows';
import { variantRows } from './stock';

export const DATASET_META_KEY = 'dataset';

export interface DatasetMeta {
  seed: number;
  skuCount: number;
  loadedAt: string;
  rows: Record<string, number>;
}

/** Whether a dataset has been loaded into this database (the first start loads it, later ones don't). */
export async function loadedDataset(db: Db): Promise<DatasetMeta | null> {
  const rows = await db.select().from(appMeta).where(eq(appMeta.key, DATASET_META_KEY));
  return (rows[0]?.value as DatasetMeta | undefined) ?? null;
}

export interface LoadOptions {
  onProgress?: (step: string, done: number, total: number) => void;
}

const BATCH = 500;

/**
 * Writes the whole dataset in one transaction: either everything is there afterwards, or nothing is
 * (a crash half-way leaves an empty database and the next start loads again).
 */
export async function loadDataset(db: Db, dataset: Dataset, options: LoadOptions = {}): Promise<DatasetMeta> {
  const progress = options.onProgress ?? (() => undefined);
  const plans = planCatalogs(dataset);
  const counts: Record<string, number> = {};
  const passwordHashes = await Promise.all(dataset.users.map((u) => hashPassword(u.password)));
  const supplierUsers = dataset.suppliers.flatMap((s) => s.users.map((u) => ({ ...u, supplierId: s.id })));
  const supplierHashes = await Promise.all(supplierUsers.map((u) => hashPassword(u.password)));
  const meta = { seed: dataset.seed, skuCount: dataset.skuCount, loadedAt: new Date().toISOString() };

  await db.transaction(async (tx) => {
    // One long job, not a request: the statement timeout (DATABASE_STATEMENT_TIMEOUT_MS) is off for it.
    await liftStatementTimeout(tx);
    // Tens of thousands of rows: the page-cache triggers (migration 0022) would work out tags row by row.
    // An empty database has no cached pages; one tag, 'all', tells every instance to start afresh.
    await tx.execute(sql`select set_config('page_cache.bulk', 'on', true)`);
    await tx.execute(sql`select touch_page_cache_tags(array['all'])`);
    // The read models (buyer visibility, listing) likewise: their triggers skip the per-batch refreshes
    // and both are built once below (migration 0035).
    await tx.execute(sql`select set_config('catalogue.bulk_load', 'on', true)`);
    // The audit trail (migration 0047) records changes, and the demo data is the starting point, not a
    // change: recorded row by row it doubled what the load writes (60,000 events at 3,000 SKUs).
    await tx.execute(sql`select set_config('audit.skip', 'on', true)`);
    const insertAll = async <T>(name: string, table: Parameters<typeof tx.insert>[0], rows: T[]) => {
      counts[name] = (counts[name] ?? 0) + rows.length;
      let done = 0;
      for (const batch of chunk(rows, BATCH)) {
        await tx.insert(table).values(batch as never[]);
        done += batch.length;
        progress(name, done, rows.length);
      }
    };

    await insertAll(
      'catalogs',
      catalogs,
      plans.map((p) => ({ id: p.catalogId, name: p.name, description: p.description })),
    );
    await insertAll(
      'buyers',
      buyers,
      dataset.buyers.map((b) => ({
        id: b.id,
        name: b.name,
        defaultCatalogId: b.catalogId,
        xp: { Region: b.region },
      })),
    );
    await insertAll(
      'catalog_assignments',
      catalogAssignments,
      plans.flatMap((p) =>
        p.assignments.map((a) => ({ catalogId: p.catalogId, ...a, viewAllCategories: true })),
      ),
    );
    await insertAll(
      'categories',
      categories,
      plans.flatMap((p) => p.categories.map((c) => categoryRow(p.catalogId, c))),
    );
    await insertAll('product_facets', productFacets, productFacetRows(dataset));
    await insertAll(
      'price_schedules',
      priceSchedules,
      dataset.priceSchedules.map((s) => ({
        id: s.id,
        name: s.name,
        currency: s.currency,
        minQuantity: s.minQuantity,
        maxQuantity: s.maxQuantity,
      })),
    );
    await insertAll(
      'price_breaks',
      priceBreaks,
      dataset.priceSchedules.flatMap((s) =>
        s.priceBreaks.map((b) => ({
          priceScheduleId: s.id,
          quantity: b.quantity,
          price: minorToDecimal(b.priceMinor),
        })),
      ),
    );
    await insertAll('products', products, dataset.products.map(productRow));
    const demoVariants = variantRows(dataset);
    await insertAll('specs', specs, demoVariants.specs);
    await insertAll('spec_options', specOptions, demoVariants.options);
    await insertAll('spec_product_assignments', specProductAssignments, demoVariants.assignments);
    await insertAll('variants', variants, demoVariants.variants);
    await insertAll(
      'catalog_product_assignments',
      catalogProductAssignments,
      plans.flatMap((p) => p.products.map((product) => ({ catalogId: p.catalogId, productId: product.id }))),
    );
    await insertAll(
      'category_product_assignments',
      categoryProductAssignments,
      plans.flatMap((p) =>
        p.products.map((product, index) => ({
          catalogId: p.catalogId,
          categoryId: product.categoryId,
          productId: product.id,
          listOrder: index,
        })),
      ),
    );
    await insertAll(
      'product_assignments',
      productAssignments,
      plans.flatMap((p) => p.groupAssignments),
    );
    await insertAll(
      'user_groups',
      userGroups,
      dataset.userGroups.map((g) => ({
        companyType: 'buyer',
        companyId: g.buyerId,
        id: g.id,
        name: g.name,
        description: g.description,
      })),
    );
    await insertAll(
      'users',
      users,
      dataset.users.map((u, i) => ({
        companyType: u.buyerId ? 'buyer' : 'seller',
        companyId: u.buyerId ?? '',
        id: u.id,
        username: u.username,
        passwordHash: passwordHashes[i] ?? null,
        passwordLastSetDate: new Date(),
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        // The demo identities' addresses are the seller's own data, not a stranger's claim.
        emailVerifiedAt: u.email ? new Date(meta.loadedAt) : null,
        xp: u.xp,
        locale: u.locale,
      })),
    );
    await insertAll(
      'user_group_assignments',
      userGroupAssignments,
      dataset.users.flatMap((u) =>
        u.userGroupIds.map((groupId) => ({
          companyType: 'buyer',
          companyId: u.buyerId ?? '',
          userGroupId: groupId,
          userId: u.id,
        })),
      ),
    );
    await insertAll(
      'suppliers',
      suppliers,
      dataset.suppliers.map((s) => ({ id: s.id, name: s.name, allBuyersCanOrder: s.allBuyersCanOrder })),
    );
    await insertAll(
      'supplier_buyers',
      supplierBuyers,
      dataset.suppliers.flatMap((s) => s.buyerIds.map((buyerId) => ({ supplierId: s.id, buyerId }))),
    );
    await insertAll(
      'users',
      users,
      supplierUsers.map((u, i) => ({
        companyType: 'supplier',
        companyId: u.supplierId,
        id: u.id,
        username: u.username,
        passwordHash: supplierHashes[i] ?? null,
        passwordLastSetDate: new Date(),
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        // The demo identities' addresses are the seller's own data, not a stranger's claim.
        emailVerifiedAt: u.email ? new Date(meta.loadedAt) : null,
        xp: u.xp,
      })),
    );
    // Partner suppliers sell the partner-programme products, at the products' own price schedules.
    const partnerProducts = dataset.products.filter((p) => p.visibleToUserGroup === PARTNER_GROUP_ID);
    await insertAll(
      'product_suppliers',
      productSuppliers,
      dataset.suppliers
        .filter((s) => s.sellsPartnerProducts)
        .flatMap((s) =>
          partnerProducts.map((p) => ({
            productId: p.id,
            supplierId: s.id,
            defaultPriceScheduleId: p.priceScheduleId,
          })),
        ),
    );
    const profiles = profilesForUsers(dataset);
    await insertAll('security_profiles', securityProfiles, profiles.profiles);
    await insertAll('security_profile_assignments', securityProfileAssignments, profiles.assignments);
    await insertAll(
      'api_clients',
      apiClients,
      dataset.apiClients.map((c) => ({
        id: c.id,
        appName: c.appName,
        clientSecret: c.clientSecret,
        accessTokenDuration: c.accessTokenDuration,
        refreshTokenDuration: c.refreshTokenDuration,
        defaultContextUsername: c.defaultContextUsername,
        isAnonBuyer: c.isAnonBuyer,
        allowAnyBuyer: c.allowAnyBuyer,
        allowAnySupplier: c.allowAnySupplier,
        allowSeller: c.allowSeller,
      })),
    );
    await insertAll('content_items', contentItems, contentRows(dataset));
    await tx.execute(sql`select refresh_buyer_product_visibility(null, null, null)`);
    await tx.execute(sql`select refresh_product_listing(null)`);
    await tx.execute(sql`select refresh_price_schedule_json(null)`);
    await tx.execute(sql`select refresh_product_json(null)`);
    // Part of the same transaction: its presence means the whole dataset is there.
    await tx.insert(appMeta).values({ key: DATASET_META_KEY, value: { ...meta, rows: counts } });
  });
  // Fresh statistics, so the planner uses the indexes (PGlite has no autovacuum to gather them).
  await db.execute(sql`analyze`);
  return { ...meta, rows: counts };
}

/** Whole minor units (cents) to an exact decimal string for a numeric column. */
export function minorToDecimal(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new Error(`Price must be a whole number of minor units: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Security profiles: the dataset's named profiles. Each buyer gets, at company level, the profile most of
 * its users hold (so users created later, e.g. by registration, have roles); users whose roles differ get
 * a user-level assignment of the matching profile, or of a profile of their own when none matches.
 */
function profilesForUsers(dataset: Dataset) {
  const key = (roles: string[], custom: string[]) =>
    `${[...roles].sort().join(',')}|${[...custom].sort().join(',')}`;
  const profiles = dataset.securityProfiles.map((p) => ({
    id: p.id,
    name: p.name,
    roles: p.roles,
    customRoles: p.customRoles,
  }));
  const byKey = new Map(profiles.map((p) => [key(p.roles, p.customRoles), p.id]));
  const profileOf = (user: Dataset['users'][number]) => {
    const k = key(user.roles, user.customRoles);
    let profileId = byKey.get(k);
    if (!profileId) {
      profileId = `profile-${user.id}`;
      profiles.push({
        id: profileId,
        name: `${user.username} roles`,
        roles: user.roles,
        customRoles: user.customRoles,
      });
      byKey.set(k, profileId);
    }
    return profileId;
  };
  const assignments: {
    securityProfileId: string;
    buyerId: string | null;
    supplierId?: string | null;
    userId: string | null;
  }[] = [];
  const companyProfile = new Map<string, string>();
  for (const buyer of dataset.buyers) {
    const counts = new Map<string, number>();
    for (const user of dataset.users.filter((u) => u.buyerId === buyer.id)) {
      const id = profileOf(user);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const top = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    if (top) {
      companyProfile.set(buyer.id, top[0]);
      assignments.push({ securityProfileId: top[0], buyerId: buyer.id, userId: null });
    }
  }
  for (const user of dataset.users) {
    const profileId = profileOf(user);
    if (user.buyerId && companyProfile.get(user.buyerId) === profileId) continue;
    assignments.push({ securityProfileId: profileId, buyerId: user.buyerId, userId: user.id });
  }
  // A supplier gets its first user's profile at company level; users whose roles differ get their own.
  for (const supplier of dataset.suppliers) {
    const profileIds = supplier.users.map(profileOf);
    const first = profileIds[0];
    if (!first) continue;
    assignments.push({ securityProfileId: first, buyerId: null, supplierId: supplier.id, userId: null });
    supplier.users.forEach((user, i) => {
      const profileId = profileIds[i];
      if (profileId && profileId !== first)
        assignments.push({
          securityProfileId: profileId,
          buyerId: null,
          supplierId: supplier.id,
          userId: user.id,
        });
    });
  }
  return { profiles, assignments };
}
