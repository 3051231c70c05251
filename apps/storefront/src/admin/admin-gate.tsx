import type { LocaleCode } from '@catalogue/dataset/model';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { loginHref } from '../product/toolbar-links';
import { localizedPath } from '../routing/locales';
import { AdminForbidden } from './admin-frame';
import { type AdminSession, adminSession } from './admin-session';
import { type AreaId, mayOpen } from './areas';

export type StaffSession = Extract<AdminSession, { kind: 'staff' }>;

/** Console pages are per user and never indexed. */
export const adminMetadata = (title: string): Metadata => ({
  title: { absolute: `${title} · Back office` },
  robots: { index: false, follow: false },
});

/**
 * The gate of every console page: a visitor goes to the login page (and comes back to `path`), a buyer
 * or supplier — or staff without the area's role — gets the reason instead of the page.
 */
export async function openAdmin(
  locale: LocaleCode,
  path: string,
  area?: AreaId,
): Promise<{ session: StaffSession; refusal?: undefined } | { session?: undefined; refusal: ReactNode }> {
  const session = await adminSession();
  const here = localizedPath(locale, path);
  const login = loginHref(locale, here);
  if (session.kind === 'visitor') redirect(login);
  if (session.kind === 'other') {
    return {
      refusal: (
        <AdminForbidden message="The back office is for the manufacturer's staff." loginHref={login} />
      ),
    };
  }
  const allowed =
    area === undefined || session.areas.some((a) => a.id === area && mayOpen(session.user.roles, a));
  if (!allowed) {
    return {
      refusal: (
        <AdminForbidden
          message="Your role does not include this part of the back office."
          loginHref={login}
        />
      ),
    };
  }
  return { session };
}
