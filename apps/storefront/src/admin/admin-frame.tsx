import type { LocaleCode } from '@catalogue/dataset/model';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { localizedPath } from '../routing/locales';
import type { Area } from './areas';
import './admin.css';

/**
 * The console's frame: the areas the signed-in user may open (the current one marked for assistive
 * technology), who is signed in, and the page. Every console page renders inside it.
 */
export function AdminFrame({
  locale,
  areas,
  current,
  userName,
  title,
  children,
}: {
  locale: LocaleCode;
  areas: readonly Area[];
  current: Area['id'] | 'home';
  userName: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="admin container">
      <nav className="admin__nav" aria-label="Back office">
        <p className="admin__brand">
          <Link href={localizedPath(locale, '/admin')} aria-current={current === 'home' ? 'page' : undefined}>
            Back office
          </Link>
        </p>
        <ul className="admin__areas">
          {areas.map((area) => (
            <li key={area.id}>
              <Link
                href={localizedPath(locale, area.path)}
                aria-current={current === area.id ? 'page' : undefined}
                prefetch={false}
              >
                {area.label}
              </Link>
            </li>
          ))}
        </ul>
        <p className="admin__user">
          Signed in as <strong>{userName}</strong>
        </p>
      </nav>
      <div className="admin__page">
        <h1 className="admin__title">{title}</h1>
        {children}
      </div>
    </div>
  );
}

/** What a signed-in buyer or supplier, or staff without the area's role, sees instead of a console page. */
export function AdminForbidden({ message, loginHref }: { message: string; loginHref: string }) {
  return (
    <div className="container section">
      <h1 className="page-header__title">Back office</h1>
      <section className="panel admin__forbidden" role="alert">
        <p>{message}</p>
        <p>
          <Link href={loginHref} prefetch={false}>
            Log in as another user
          </Link>
        </p>
      </section>
    </div>
  );
}
