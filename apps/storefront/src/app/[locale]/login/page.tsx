import type { Metadata } from 'next';
import { headers } from 'next/headers';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { loginAction } from '../../../auth/login-action';
import { LoginForm } from '../../../auth/login-form';
import { returnPathFromReferer } from '../../../auth/redirect-target';
import { originOfRequest } from '../../../auth/route-guards';
import { getDictionary } from '../../../data/content';
import { getRouteContent } from '../../../data/routes';
import { createTranslator } from '../../../i18n/translator';
import { localeFromSegment, localizedPath } from '../../../routing/locales';
import { pageMetadata } from '../../../shell/shell-metadata';

interface LoginPageProps {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const first = (value: string | string[] | undefined): string =>
  (Array.isArray(value) ? value[0] : value) ?? '';

/** The return address (or the email's code) is read from the query on every request: never cached. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({
  params,
}: {
  params: Promise<{ locale: string }>;
}): Promise<Metadata> {
  const locale = localeFromSegment((await params).locale);
  return locale ? pageMetadata(locale, '/login') : {};
}

/**
 * The hosted login page (POST /api/dynamicURL hands out its address): the route's heading and intro and
 * the login form, which authenticates against the commerce service and returns to `redirectURI`.
 * `reason=expired` says the session ended (a failed token refresh). Not frameable (next.config.ts).
 */
export default async function LoginPage({ params, searchParams }: LoginPageProps) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  const query = await searchParams;
  if (!first(query.redirectURI)) {
    // Followed as a plain link (before the page's JavaScript ran, or without it): return to that page.
    const requestHeaders = await headers();
    const back = returnPathFromReferer(requestHeaders.get('referer'), originOfRequest(requestHeaders));
    if (back) {
      const kept = Object.entries(query)
        .filter(([name]) => name !== 'redirectURI')
        .map(([name, value]) => [name, first(value)]);
      redirect(`${localizedPath(locale, '/login')}?${new URLSearchParams([...kept, ['redirectURI', back]])}`);
    }
  }
  const [route, dictionary] = await Promise.all([getRouteContent(locale, '/login'), getDictionary(locale)]);
  if (!route) notFound();
  const t = createTranslator(dictionary);
  const action = loginAction.bind(null, locale, first(query.redirectURI), first(query.variant));
  return (
    <div className="container section">
      <header className="page-header">
        <h1 className="page-header__title">{route.title}</h1>
        <p className="page-header__intro">{route.intro}</p>
      </header>
      <section className="panel login-panel">
        <LoginForm
          texts={{ username: t('login.username'), password: t('login.password'), submit: t('login.submit') }}
          notice={first(query.reason) === 'expired' ? t('login.sessionEnded') : null}
          action={action}
        />
        <ul className="login-links">
          <li>
            <Link href={localizedPath(locale, '/forgot-password')} prefetch={false}>
              {t('login.forgotPassword')}
            </Link>
          </li>
          <li>
            {t('login.noAccount')}{' '}
            <Link
              href={`${localizedPath(locale, '/register')}?${new URLSearchParams({ redirectURI: first(query.redirectURI) })}`}
              prefetch={false}
            >
              {t('login.registerLink')}
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
