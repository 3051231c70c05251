import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { checkResetCode } from '../../../auth/password-reset';
import { resetPasswordAction } from '../../../auth/reset-actions';
import { ResetPasswordForm } from '../../../auth/reset-forms';
import { getDictionary } from '../../../data/content';
import { getRouteContent } from '../../../data/routes';
import { createTranslator } from '../../../i18n/translator';
import { localeFromSegment, localizedPath } from '../../../routing/locales';
import { pageMetadata } from '../../../shell/shell-metadata';

interface ResetPageProps {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The return address (or the email's code) is read from the query on every request: never cached. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({
  params,
}: {
  params: Promise<{ locale: string }>;
}): Promise<Metadata> {
  const locale = localeFromSegment((await params).locale);
  return locale ? pageMetadata(locale, '/reset-password') : {};
}

/**
 * The page the reset email links to (`?code=`): the code is checked first, so an expired or used link
 * says so at once and offers a new one; a good one shows whose account it is and the new-password form.
 */
export default async function ResetPasswordPage({ params, searchParams }: ResetPageProps) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  const raw = (await searchParams).code;
  const code = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  const [route, dictionary, username] = await Promise.all([
    getRouteContent(locale, '/reset-password'),
    getDictionary(locale),
    checkResetCode(code),
  ]);
  if (!route) notFound();
  const t = createTranslator(dictionary);
  return (
    <div className="container section">
      <header className="page-header">
        <h1 className="page-header__title">{route.title}</h1>
        <p className="page-header__intro">{route.intro}</p>
      </header>
      <section className="panel login-panel">
        {username ? (
          <>
            <p className="login-form__notice">{t('reset.account', { username })}</p>
            <ResetPasswordForm
              loginHref={localizedPath(locale, '/login')}
              action={resetPasswordAction.bind(null, locale, code)}
              texts={{
                password: t('register.password'),
                passwordHint: t('register.passwordHint'),
                passwordConfirm: t('register.passwordConfirm'),
                submit: t('reset.submit'),
                login: t('header.login'),
              }}
            />
          </>
        ) : (
          <>
            <p className="form-field__error">{t('reset.invalidLink')}</p>
            <p>
              <Link href={localizedPath(locale, '/forgot-password')} prefetch={false}>
                {t('reset.requestNew')}
              </Link>
            </p>
          </>
        )}
      </section>
    </div>
  );
}
