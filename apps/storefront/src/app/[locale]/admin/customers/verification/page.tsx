import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AdminFrame } from '../../../../../admin/admin-frame';
import { adminMetadata, openAdmin } from '../../../../../admin/admin-gate';
import { mayEditBuyerUsers } from '../../../../../admin/areas';
import { AdminCallError, orRefusal } from '../../../../../admin/commerce-calls';
import { verificationQueue } from '../../../../../admin/customers/customer-directory';
import { CustomerNotice } from '../../../../../admin/customers/customer-notice';
import { UserTable } from '../../../../../admin/customers/user-table';
import { localeFromSegment } from '../../../../../routing/locales';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = adminMetadata('Role verification');

interface QueuePageProps {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * `/admin/customers/verification`: every buyer user whose job role (`xp.JobTitle`) is not verified yet,
 * across companies, with a button to verify it (spec §3: the prefab button opens only for a verified role).
 */
export default async function VerificationQueuePage({ params, searchParams }: QueuePageProps) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  const { session, refusal } = await openAdmin(locale, '/admin/customers/verification', 'customers');
  if (!session) return refusal;
  const [queue, query] = await Promise.all([orRefusal(verificationQueue(session.token)), searchParams]);
  return (
    <AdminFrame
      locale={locale}
      areas={session.areas}
      current="customers"
      userName={session.user.username}
      title="Role verification"
    >
      <CustomerNotice query={query} />
      {queue instanceof AdminCallError ? (
        <p className="admin-notice admin-notice--error" role="alert">
          {queue.message}
        </p>
      ) : queue.waiting.length === 0 ? (
        <p>No job role is waiting for verification.</p>
      ) : (
        <>
          <p className="admin__count">
            {queue.waiting.length === 1 ? '1 user waits' : `${queue.waiting.length} users wait`} for
            verification
            {queue.complete ? '.' : ' in the first 500 companies.'}
          </p>
          <UserTable
            locale={locale}
            rows={queue.waiting}
            canEdit={mayEditBuyerUsers(session.user.roles)}
            returnTo="/admin/customers/verification"
            caption="Users waiting for role verification"
          />
        </>
      )}
    </AdminFrame>
  );
}
