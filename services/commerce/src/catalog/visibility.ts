import type { Placeholder, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Principal } from '../auth/claims';
import { arrayParam } from '../list/compile';

/** Whose groups and assignments count: a principal, or placeholders for a statement prepared once. */
export type Subject =
  | Pick<Principal, 'companyId' | 'userId'>
  | { companyId: Placeholder; userId: Placeholder };

/** The current user's groups, as a subquery of IDs. */
function myGroups(principal: Subject): SQL {
  return sql`(select uga.user_group_id from user_group_assignments uga
    where uga.company_type = 'buyer' and uga.company_id = ${principal.companyId} and uga.user_id = ${principal.userId})`;
}

/**
 * The value of a category-assignment flag (`visible` or `view_all_products`) for category `k`: the
 * nearest assignment up the tree, for the company or one of the user's groups, that sets it (true wins on
 * a tie between company and group at the same level). Null when none sets it.
 */
function nearestCategoryFlag(principal: Principal, flag: 'visible' | 'view_all_products'): SQL {
  const column = sql.raw(`a.${flag}`);
  return sql`(with recursive up (id, parent_id, lvl) as (
        select k.id, k.parent_id, 0
        union all
        select c2.id, c2.parent_id, up.lvl + 1 from categories c2
        join up on c2.id = up.parent_id and c2.catalog_id = k.catalog_id)
      select ${column} from up
      join category_assignments a on a.catalog_id = k.catalog_id and a.category_id = up.id
        and a.buyer_id = ${principal.companyId} and (a.user_group_id = '' or a.user_group_id in ${myGroups(principal)})
        and ${column} is not null
      order by up.lvl, ${column} desc limit 1)`;
}

/**
 * Which products a buyer user may see (OrderCloud's rules, docs/ordercloud-wire.md): the product is
 * active; an active catalog assigned to the user's company holds it; and that catalog's assignment has
 * ViewAllProducts, or the product is assigned to the company or one of the user's groups, or an active
 * category of that catalog holds it whose nearest assignment up the tree says ViewAllProducts.
 *
 * Read from `buyer_product_visibility` (migration 0034), which triggers keep in step with the catalogue:
 * one row per subject (company or group) and way to the product. The user's subjects decide together: a
 * row of theirs grants it, unless another of theirs denies it for the same category nearer up the tree
 * (the nearest assignment wins; at a tie true wins, so only a strictly nearer denial counts).
 */
export function visibleProductIds(principal: Principal, options: { catalogId?: string } = {}): SQL {
  return grantedProductIds(
    principal,
    options.catalogId ? sql`v.catalog_id = ${options.catalogId}` : sql`true`,
  );
}

/** Product IDs granted by `buyer_product_visibility` rows of the user's subjects in the catalogs `inCatalogs` admits. */
function grantedProductIds(principal: Principal, inCatalogs: SQL): SQL {
  const mine = (alias: string) => {
    const group = sql.raw(`${alias}.user_group_id`);
    return sql`(${group} = '' or ${group} in ${myGroups(principal)})`;
  };
  return sql`(select v.product_id from buyer_product_visibility v
    where v.buyer_id = ${principal.companyId} and ${inCatalogs} and v.granted and ${mine('v')}
      and (v.lvl < 0 or not exists (select 1 from buyer_product_visibility d
        where d.buyer_id = v.buyer_id and d.catalog_id = v.catalog_id and d.product_id = v.product_id
          and d.category_id = v.category_id and not d.granted and d.lvl < v.lvl and ${mine('d')})))`;
}

/**
 * The products granted to the user in the company's active catalogs whose assignment lacks
 * ViewAllProducts (only `catalogId`, when given), as a subquery of IDs: usually a handful, assigned one by
 * one. The in-memory listing index adds them to what the ViewAllProducts catalogs show.
 */
export function grantedInOtherCatalogs(principal: Principal, catalogId?: string): SQL {
  return grantedProductIds(
    principal,
    sql`v.catalog_id in (select ca.catalog_id from catalog_assignments ca
      join catalogs cat on cat.id = ca.catalog_id and cat.active
      where ca.buyer_id = ${principal.companyId} and not ca.view_all_products
        ${catalogId ? sql`and ca.catalog_id = ${catalogId}` : sql``})`,
  );
}

/** A buyer's active catalogs for a list, split by whether their assignment has ViewAllProducts. */
export interface ListingCatalogs {
  viewAll: string[];
  other: string[];
}

/** The active catalogs assigned to the user's company (only `catalogId`, when given), split. */
export function listingCatalogsSql(principal: Principal, catalogId?: string): SQL {
  return sql`select coalesce(array_agg(ca.catalog_id order by ca.catalog_id) filter (where ca.view_all_products), '{}') as view_all,
      coalesce(array_agg(ca.catalog_id order by ca.catalog_id) filter (where not ca.view_all_products), '{}') as other
    from catalog_assignments ca join catalogs cat on cat.id = ca.catalog_id and cat.active
    where ca.buyer_id = ${principal.companyId} ${catalogId ? sql`and ca.catalog_id = ${catalogId}` : sql``}`;
}

/**
 * `visibleProductIds` as a condition on a `product_listing` row `l`, the way a list over many products
 * wants it, for catalogs read beforehand (`listingCatalogsSql`). A catalog assignment with ViewAllProducts
 * shows everything its catalog holds, and for such a catalog the read model holds exactly one granting
 * row per product: so it is an array overlap on `l.catalogs`, no lookup per product. Only the company's
 * other catalogs, usually none, are looked up in `buyer_product_visibility`; with none, the statement has
 * no subquery for the planner to misjudge.
 */
export function visibleInListing(principal: Principal, catalogs: ListingCatalogs): SQL {
  const open = sql`l.catalogs && ${arrayParam(catalogs.viewAll, 'text')}`;
  if (catalogs.other.length === 0) return open;
  return sql`(${open} or l.product_id in ${grantedProductIds(principal, sql`v.catalog_id = any(${arrayParam(catalogs.other, 'text')})`)})`;
}

/** The catalogs a buyer user sees: active, and assigned to the user's company. */
export function visibleCatalogIds(principal: Principal): SQL {
  return sql`(select cat.id from catalogs cat
    join catalog_assignments ca on ca.catalog_id = cat.id and ca.buyer_id = ${principal.companyId}
    where cat.active)`;
}

/**
 * The IDs of one catalog's categories a buyer user sees: active, in a visible catalog, and either the
 * assignment has ViewAllCategories or the nearest category assignment up the tree says Visible.
 */
export function visibleCategoryKeys(principal: Principal, catalogId: string): SQL {
  return sql`(select k.id from categories k
    join catalogs cat on cat.id = k.catalog_id and cat.active
    join catalog_assignments ca on ca.catalog_id = cat.id and ca.buyer_id = ${principal.companyId}
    where k.catalog_id = ${catalogId} and k.active
      and (ca.view_all_categories or ${nearestCategoryFlag(principal, 'visible')} is true))`;
}

/**
 * The price schedule a buyer user pays for the product `p`: a product assignment's schedule (to one of
 * the user's groups before the company) wins over the product's default. A scalar expression on `p`.
 */
export function effectivePriceScheduleId(principal: Subject, p: SQL): SQL {
  return sql`coalesce(
      (select pa.price_schedule_id from product_assignments pa
        where pa.product_id = ${p}.id and pa.buyer_id = ${principal.companyId} and pa.price_schedule_id is not null
          and (pa.user_group_id = '' or pa.user_group_id in ${myGroups(principal)})
        order by (pa.user_group_id = '') limit 1),
      ${p}.default_price_schedule_id)`;
}

/** `effectivePriceScheduleId` of some products, as a subquery of (product_id, price_schedule_id). */
export function effectivePriceScheduleIds(principal: Principal, productIds: string[]): SQL {
  const ids = sql.join(
    productIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`select p.id as product_id, ${effectivePriceScheduleId(principal, sql`p`)} as price_schedule_id
    from products p where p.id in (${ids})`;
}
