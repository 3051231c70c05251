import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AdminFrame } from '../../../../admin/admin-frame';
import { adminMetadata, openAdmin } from '../../../../admin/admin-gate';
import { AdminCallError, orRefusal } from '../../../../admin/commerce-calls';
import { listBuyers } from '../../../../admin/customers/customer-directory';
import { localeFromSegment, localizedPath } from '../../../../routing/locales';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = adminMetadata('Customers');

interface CustomersPageProps {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** `/admin/customers`: the buyer companies (search and paging in the URL) and the verification queue. */
export default async function AdminCustomersPage({ params, searchParams }: CustomersPageProps) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  const { session, refusal } = await openAdmin(locale, '/admin/customers', 'customers');
  if (!session) return refusal;
  const query = await searchParams;
  const search = typeof query.search === 'string' ? query.search.trim().slice(0, 100) : '';
  const page = Math.min(Math.max(Number.parseInt(String(query.page ?? '1'), 10) || 1, 1), 10_000);
  const listed = await orRefusal(listBuyers(session.token, search, page));
  const here = localizedPath(locale, '/admin/customers');
  const pageHref = (to: number) =>
    `${here}?${new URLSearchParams({ ...(search ? { search } : {}), page: String(to) })}`;
  return (
    <AdminFrame
      locale={locale}
      areas={session.areas}
      current="customers"
      userName={session.user.username}
      title="Customers"
    >
      <p>
        <Link href={localizedPath(locale, '/admin/customers/verification')} prefetch={false}>
          Job roles waiting for verification
        </Link>
      </p>
      <search aria-label="Find a company">
        <form className="admin__filters" action={here} method="get">
          <div className="form-field">
            <label className="form-field__label" htmlFor="company-search">
              Search company ID or name
            </label>
            <input
              id="company-search"
              className="form-field__input"
              type="search"
              name="search"
              defaultValue={search}
              maxLength={100}
            />
          </div>
          <button type="submit" className="button">
            Find companies
          </button>
        </form>
      </search>
      {listed instanceof AdminCallError ? (
        <p className="admin-notice admin-notice--error" role="alert">
          {listed.message}
        </p>
      ) : (
        <>
          <p className="admin__count" role="status">
            {listed.Meta?.TotalCount === 1 ? '1 company' : `${listed.Meta?.TotalCount ?? 0} companies`}
          </p>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="visually-hidden">Companies</caption>
              <thead>
                <tr>
                  <th scope="col">Company</th>
                  <th scope="col">ID</th>
                  <th scope="col">Active</th>
                </tr>
              </thead>
              <tbody>
                {(listed.Items ?? []).map((buyer) => (
                  <tr key={buyer.ID} data-buyer={buyer.ID}>
                    <th scope="row">
                      <Link
                        href={localizedPath(
                          locale,
                          `/admin/customers/${encodeURIComponent(String(buyer.ID))}`,
                        )}
                        prefetch={false}
                      >
                        {buyer.Name}
                      </Link>
                    </th>
                    <td>{buyer.ID}</td>
                    <td>{buyer.Active ? 'Yes' : 'No'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="admin__paging" aria-label="Pages">
            {page > 1 && (
              <Link href={pageHref(page - 1)} prefetch={false}>
                Previous page
              </Link>
            )}
            {page < (listed.Meta?.TotalPages ?? 0) && (
              <Link href={pageHref(page + 1)} prefetch={false}>
                Next page
              </Link>
            )}
          </nav>
        </>
      )}
    </AdminFrame>
  );
}
