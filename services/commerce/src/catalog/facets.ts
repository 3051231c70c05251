import { type Db, liftStatementTimeout, queryRows } from '@catalogue/db';
import { productFacets } from '@catalogue/db/schema';
import { asc, type SQL, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import { rolesFor } from '../auth/roles';
import type { CommerceEnv } from '../http/env';
import { assertSeller } from '../identity/scopes';
import { mountCrud, Resource } from '../resources/crud';
import { idSchema, xpSchema } from '../resources/ids';

export const MAX_FACET_VALUES = 100;

const productFacetResource = new Resource({
  objectType: 'ProductFacet',
  table: productFacets,
  id: productFacets.id,
  columns: {
    ID: productFacets.id,
    Name: productFacets.name,
    XpPath: productFacets.xpPath,
    ListOrder: productFacets.listOrder,
    MinCount: productFacets.minCount,
    xp: productFacets.xp,
  },
  body: z.object({
    ID: idSchema.optional(),
    Name: z.string().trim().min(1, 'must not be empty').max(100),
    XpPath: z
      .string()
      .regex(/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/, 'must be a dotted path inside xp, e.g. Material'),
    ListOrder: z.number().int('must be a whole number').optional(),
    MinCount: z.number().int('must be a whole number').min(1, 'must be at least 1').optional(),
    xp: xpSchema.optional(),
  }),
  searchOn: ['ID', 'Name'],
  defaultSort: ['ListOrder'],
  roles: rolesFor('ProductFacetAdmin', 'ProductFacetReader'),
  sellerOnly: true,
});

export function mountProductFacets(app: Hono<CommerceEnv>, db: Db): void {
  mountCrud(app, db, '/v1/productfacets', productFacetResource, {
    // A facet's path is a column of every product's listing row (migration 0035 rewrites those columns
    // when the set of paths changes): at 100,000 SKUs that takes longer than the statement timeout allows.
    beforeWrite: liftStatementTimeout,
    scope: (c) => {
      assertSeller(c.get('principal'), 'manage product facets');
      return { where: undefined, values: {} };
    },
  });
}

/**
 * `Meta.Facets` of a product list that is not read from the listing (product collections): for every
 * product facet, the values at its xp path (each element of an array counts) among the products the
 * list's conditions select, with their counts, most frequent first. All facets in one statement.
 */
export async function facetCounts(db: Db, where: SQL | undefined) {
  const facets = await db
    .select()
    .from(productFacets)
    .orderBy(asc(productFacets.listOrder), asc(productFacets.id));
  if (facets.length === 0) return [];
  const paths = sql.join(
    facets.map(
      (facet, i) =>
        sql`(${i}::int, ${`{${facet.xpPath.split('.').join(',')}}`}::text[], ${facet.minCount}::int)`,
    ),
    sql`, `,
  );
  const rows = await queryRows<{ facet: number; value: string; n: number }>(
    db,
    sql`with paths (facet, path, min_count) as (values ${paths}),
      counted as (
        select paths.facet, vals.v as value, count(*)::int as n from products
        cross join paths
        cross join lateral (
          select jsonb_array_elements_text(case when jsonb_typeof(products.xp #> paths.path) = 'array'
            then products.xp #> paths.path else '[]'::jsonb end)
          union all
          select products.xp #>> paths.path
          where jsonb_typeof(products.xp #> paths.path) in ('string', 'number', 'boolean')
        ) as vals (v)
        ${where ? sql`where ${where}` : sql``}
        group by paths.facet, paths.min_count, vals.v having count(*) >= paths.min_count),
      ranked as (
        select counted.*, row_number() over (partition by facet order by n desc, value collate "C") as rank
        from counted)
      select facet, value, n from ranked where rank <= ${MAX_FACET_VALUES} order by facet, rank`,
  );
  return facets.map((facet, i) => ({
    Name: facet.name,
    XpPath: facet.xpPath,
    Values: rows.filter((r) => r.facet === i).map((r) => ({ Value: r.value, Count: r.n })),
    xp: facet.xp,
  }));
}
