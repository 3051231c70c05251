import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AdminFrame } from '../../../../../admin/admin-frame';
import { adminMetadata, openAdmin } from '../../../../../admin/admin-gate';
import { mayEditBuyerUsers } from '../../../../../admin/areas';
import { AdminCallError, orRefusal } from '../../../../../admin/commerce-calls';
import { companyUsers, getBuyer } from '../../../../../admin/customers/customer-directory';
import { CustomerNotice } from '../../../../../admin/customers/customer-notice';
import { UserTable } from '../../../../../admin/customers/user-table';
import { localeFromSegment, localizedPath } from '../../../../../routing/locales';

export const dynamic = 'force-dynamic';

interface CompanyPageProps {
  params: Promise<{ locale: string; buyerId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: CompanyPageProps): Promise<Metadata> {
  return adminMetadata(`Company ${decodeURIComponent((await params).buyerId).slice(0, 100)}`);
}

/** `/admin/customers/{buyerId}`: one buyer company and its users, with their job roles. */
export default async function CompanyPage({ params, searchParams }: CompanyPageProps) {
  const { locale: segment, buyerId: rawId } = await params;
  const locale = localeFromSegment(segment);
  if (!locale) notFound();
  const buyerId = decodeURIComponent(rawId);
  if (!/^[\w.-]{1,100}$/.test(buyerId)) notFound();
  const { session, refusal } = await openAdmin(
    locale,
    `/admin/customers/${encodeURIComponent(buyerId)}`,
    'customers',
  );
  if (!session) return refusal;
  const read = await orRefusal(
    Promise.all([getBuyer(session.token, buyerId), companyUsers(session.token, buyerId)]),
  );
  if (read instanceof AdminCallError && read.status === 404) notFound();
  const frame = {
    locale,
    areas: session.areas,
    current: 'customers' as const,
    userName: session.user.username,
  };
  if (read instanceof AdminCallError) {
    return (
      <AdminFrame {...frame} title={`Company ${buyerId}`}>
        <p className="admin-notice admin-notice--error" role="alert">
          {read.message}
        </p>
      </AdminFrame>
    );
  }
  const [buyer, users] = read;
  return (
    <AdminFrame {...frame} title={buyer.Name ?? buyerId}>
      <p>
        <Link href={localizedPath(locale, '/admin/customers')} prefetch={false}>
          All companies
        </Link>
      </p>
      <CustomerNotice query={await searchParams} />
      <h2 className="section__title">Users</h2>
      {users.length === 0 ? (
        <p>This company has no users.</p>
      ) : (
        <UserTable
          locale={locale}
          rows={users.map((user) => ({ buyerId, user }))}
          canEdit={mayEditBuyerUsers(session.user.roles)}
          returnTo="/admin/customers/company"
          caption={`Users of ${buyer.Name ?? buyerId}`}
        />
      )}
    </AdminFrame>
  );
}
