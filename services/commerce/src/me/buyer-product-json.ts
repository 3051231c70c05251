import { type SQL, sql } from 'drizzle-orm';
import { effectivePriceScheduleId, type Subject } from '../catalog/visibility';

/**
 * A BuyerProduct rendered by PostgreSQL as the wire's JSON text (issue 21): the product's columns as the
 * Product resource shows them (`catalog/products.ts`), its counts and Inventory, the price schedule the
 * user pays with its breaks (`catalog/price-schedules.ts`), then xp. Mapping rows to objects and
 * serialising them was half of the service's CPU on a list of 24; PostgreSQL writes the same JSON in C.
 * `row_to_json` writes no spaces; xp is jsonb as stored. The test `buyer-product-json.db.test.ts` holds
 * this to the resources' own wire form for every product of the demo catalogue.
 */

/** A timestamp as JavaScript's `toISOString()` writes it (UTC, milliseconds, `Z`). */
function isoText(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The price schedule `ps` as the PriceSchedule resource shows it, or null when there is none: its JSON as
 * `price_schedule_json` keeps it (migration 0044: the same as `price_schedule_json_rows` makes), with
 * IsOnSale at the time of reading appended (the kept JSON ends with its PriceBreaks' `]}`). Made on the
 * spot, by the same function, should the kept row be missing.
 */
function priceScheduleJson(): SQL {
  const onSale = sql`coalesce(ps.sale_start <= now() and (ps.sale_end is null or now() < ps.sale_end), false)`;
  return sql`case when ps.id is null then null else (left(coalesce(
      (select j.wire from price_schedule_json j where j.price_schedule_id = ps.id),
      (select f.wire from price_schedule_json_rows(array[ps.id]) f)), -1)
    || ',"IsOnSale":' || ${onSale}::text || '}')::json end`;
}

/**
 * The JSON text of the product `p` (a `products` row in scope) for `subject`, with the price schedule it
 * pays joined as `ps` by `buyerProductFrom`.
 */
function productJson(): SQL {
  return sql`(select row_to_json(w)::text from (select
      p.owner_id as "OwnerID", p.default_price_schedule_id as "DefaultPriceScheduleID", p.id as "ID",
      p.name as "Name", p.description as "Description", p.quantity_multiplier as "QuantityMultiplier",
      p.ship_weight::float8 as "ShipWeight", p.ship_height::float8 as "ShipHeight",
      p.ship_width::float8 as "ShipWidth", p.ship_length::float8 as "ShipLength", p.active as "Active",
      p.default_supplier_id as "DefaultSupplierID", p.returnable as "Returnable",
      p.auto_forward as "AutoForward", p.all_suppliers_can_sell as "AllSuppliersCanSell",
      p.ship_from_address_id as "ShipFromAddressID", ${isoText(sql`p.date_created`)} as "DateCreated",
      null::text as "ParentID", false as "IsParent", false as "IsBundle",
      (select count(*)::int from spec_product_assignments s where s.product_id = p.id) as "SpecCount",
      (select count(*)::int from variants v where v.product_id = p.id) as "VariantCount",
      (select row_to_json(i) from (select p.inventory_enabled as "Enabled",
        p.inventory_notification_point as "NotificationPoint",
        p.inventory_variant_level_tracking as "VariantLevelTracking",
        p.inventory_order_can_exceed as "OrderCanExceed", p.inventory_quantity_available as "QuantityAvailable",
        ${isoText(sql`p.inventory_last_updated`)} as "LastUpdated") i) as "Inventory",
      ${priceScheduleJson()} as "PriceSchedule",
      p.xp as "xp") w)`;
}

/**
 * `select <json text> as json, p.id as id from products p …` for the products `where` selects (a
 * condition on `p`), each with the price schedule `subject` pays.
 */
export function buyerProductRows(subject: Subject, where: SQL): SQL {
  return sql`select p.id as id, ${productJson()} as json
    from products p
    left join price_schedules ps on ps.id = ${effectivePriceScheduleId(subject, sql`p`)}
    where ${where}`;
}

/**
 * The JSON array text of the products whose IDs the text array `ids` holds, in its order (a list's
 * page), each with the price schedule `subject` pays; '[]' for none.
 */
export function buyerProductArray(subject: Subject, ids: SQL): SQL {
  return sql`coalesce((select '[' || string_agg(x.json, ',' order by u.ord) || ']'
      from unnest(${ids}) with ordinality as u (id, ord)
      cross join lateral (${buyerProductRows(subject, sql`p.id = u.id`)}) x), '[]')`;
}
