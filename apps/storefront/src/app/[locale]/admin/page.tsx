import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AdminFrame } from '../../../admin/admin-frame';
import { adminMetadata, openAdmin } from '../../../admin/admin-gate';
import { localeFromSegment, localizedPath } from '../../../routing/locales';

/** Per user (the UserToken cookie): never cached. */
export const dynamic = 'force-dynamic';

export const metadata: Metadata = adminMetadata('Overview');

/** `/admin`: the areas the signed-in staff member's roles open. */
export default async function AdminHome({ params }: { params: Promise<{ locale: string }> }) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  const { session, refusal } = await openAdmin(locale, '/admin');
  if (!session) return refusal;
  return (
    <AdminFrame
      locale={locale}
      areas={session.areas}
      current="home"
      userName={session.user.username}
      title="Back office"
    >
      {session.areas.length === 0 ? (
        <p className="admin-notice">
          Your account has no back-office role yet. An administrator gives you one in your security profile.
        </p>
      ) : (
        <ul className="admin__cards">
          {session.areas.map((area) => (
            <li key={area.id} className="admin__card">
              <h2>
                <Link href={localizedPath(locale, area.path)} prefetch={false}>
                  {area.label}
                </Link>
              </h2>
              <p>{area.description}</p>
            </li>
          ))}
        </ul>
      )}
    </AdminFrame>
  );
}
