import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AdminFrame } from '../../../../admin/admin-frame';
import { adminMetadata, openAdmin } from '../../../../admin/admin-gate';
import { AdminCallError, orRefusal } from '../../../../admin/commerce-calls';
import { listCatalogs, listProducts } from '../../../../admin/products/product-directory';
import { ProductFilters } from '../../../../admin/products/product-filters';
import { parseProductQuery, productSearch } from '../../../../admin/products/product-query';
import { ProductTable } from '../../../../admin/products/product-table';
import { localeFromSegment, localizedPath } from '../../../../routing/locales';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = adminMetadata('Products');

interface ProductsPageProps {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** `/admin/products`: every product of the marketplace, searched, filtered, sorted and paged in the URL. */
export default async function AdminProductsPage({ params, searchParams }: ProductsPageProps) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  const { session, refusal } = await openAdmin(locale, '/admin/products', 'products');
  if (!session) return refusal;
  const query = parseProductQuery(await searchParams);
  const [listed, catalogs] = await Promise.all([
    orRefusal(listProducts(session.token, query)),
    listCatalogs(session.token).catch(() => []),
  ]);
  const here = localizedPath(locale, '/admin/products');
  return (
    <AdminFrame
      locale={locale}
      areas={session.areas}
      current="products"
      userName={session.user.username}
      title="Products"
    >
      <ProductFilters
        action={here}
        query={query}
        catalogs={catalogs.map((c) => ({ id: String(c.ID), name: c.Name ?? '' }))}
      />
      {listed instanceof AdminCallError ? (
        <p className="admin-notice admin-notice--error" role="alert">
          {listed.message}
        </p>
      ) : (
        <>
          <p className="admin__count" role="status">
            {listed.Meta?.TotalCount === 1 ? '1 product' : `${listed.Meta?.TotalCount ?? 0} products`}
            {(listed.Meta?.TotalPages ?? 0) > 1 &&
              ` · page ${listed.Meta?.Page} of ${listed.Meta?.TotalPages}`}
          </p>
          {(listed.Items?.length ?? 0) > 0 ? (
            <ProductTable locale={locale} products={listed.Items ?? []} />
          ) : (
            <p>No product matches these filters.</p>
          )}
          <nav className="admin__paging" aria-label="Pages">
            {query.page > 1 && (
              <Link href={`${here}${productSearch(query, { page: query.page - 1 })}`} prefetch={false}>
                Previous page
              </Link>
            )}
            {query.page < (listed.Meta?.TotalPages ?? 0) && (
              <Link href={`${here}${productSearch(query, { page: query.page + 1 })}`} prefetch={false}>
                Next page
              </Link>
            )}
          </nav>
        </>
      )}
    </AdminFrame>
  );
}
