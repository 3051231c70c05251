import { type SQL, sql } from 'drizzle-orm';
import { effectivePriceScheduleId, type Subject } from '../catalog/visibility';

/**
 * A BuyerProduct rendered by PostgreSQL as the wire's JSON text (issue 21): the product's columns as the
 * Product resource shows them (`catalog/products.ts`), its counts and Inventory, the price schedule the
 * user pays with its breaks (`catalog/price-schedules.ts`), then xp. Mapping rows to objects and
 * serialising them was half of the service's CPU on a list of 24; PostgreSQL writes the same JSON in C,
 * and keeps what does not depend on the reader or the time (migrations 0044, 0045), so a page mostly
 * copies text. `row_to_json` writes no spaces; xp is jsonb as stored. The test
 * `buyer-product-json.db.test.ts` holds this to the resources' own wire form for every product of the
 * demo catalogue.
 */

/**
 * The price schedule `ps` as the PriceSchedule resource shows it, as JSON text, or 'null' when there is
 * none: its JSON as `price_schedule_json` keeps it (migration 0044: the same as `price_schedule_json_rows`
 * makes), with IsOnSale at the time of reading appended (the kept JSON ends with its PriceBreaks' `]}`).
 * Made on the spot, by the same function, should the kept row be missing.
 */
function priceScheduleJson(): SQL {
  const onSale = sql`coalesce(ps.sale_start <= now() and (ps.sale_end is null or now() < ps.sale_end), false)`;
  return sql`case when ps.id is null then 'null' else left(coalesce(
      (select j.wire from price_schedule_json j where j.price_schedule_id = ps.id),
      (select f.wire from price_schedule_json_rows(array[ps.id]) f)), -1)
    || ',"IsOnSale":' || ${onSale}::text || '}' end`;
}

/**
 * The JSON text of the product `p` (a `products` row in scope) for `subject`, with the price schedule it
 * pays joined as `ps` by `buyerProductFrom`: the product's own part as `product_json` keeps it (migration
 * 0045: its columns, counts and Inventory, then its xp), the PriceSchedule put between the two. Made on
 * the spot by `product_json_rows` should the kept row be missing (the second branch runs only then: the
 * limit stops the append after the first row).
 */
function productJson(): SQL {
  return sql`(select k.head || ',"PriceSchedule":' || ${priceScheduleJson()} || k.tail from (
      select j.head, j.tail from product_json j where j.product_id = p.id
      union all select f.head, f.tail from product_json_rows(array[p.id]) f limit 1) k)`;
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
