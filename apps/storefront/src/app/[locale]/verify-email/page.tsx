import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { describeCode } from '../../../auth/email-verification';
import { confirmEmailAction, resendVerificationAction } from '../../../auth/verify-actions';
import { ConfirmEmailForm, ResendVerificationForm } from '../../../auth/verify-forms';
import { getDictionary } from '../../../data/content';
import { getRouteContent } from '../../../data/routes';
import { createTranslator } from '../../../i18n/translator';
import { localeFromSegment, localizedPath } from '../../../routing/locales';
import { pageMetadata } from '../../../shell/shell-metadata';

interface VerifyPageProps {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The email's code is read from the query on every request: never cached. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({
  params,
}: {
  params: Promise<{ locale: string }>;
}): Promise<Metadata> {
  const locale = localeFromSegment((await params).locale);
  // A page about one person's code: never indexed, whatever the route item says.
  return locale
    ? { ...(await pageMetadata(locale, '/verify-email')), robots: { index: false, follow: false } }
    : {};
}

/**
 * The page the verification email links to (`?code=`). A good code says which address and account it
 * confirms and offers one button (confirming is a POST, so a mail scanner opening the link confirms
 * nothing); a used or expired one says so and offers a new link. Without a code: a field for the code
 * from the email, and the new link. Works without JavaScript (a GET form and server actions). Texts come
 * from the dictionary when an installation's content has no route item for the page yet.
 */
export default async function VerifyEmailPage({ params, searchParams }: VerifyPageProps) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  const raw = (await searchParams).code;
  const code = ((Array.isArray(raw) ? raw[0] : raw) ?? '').trim();
  const [route, dictionary, described] = await Promise.all([
    getRouteContent(locale, '/verify-email'),
    getDictionary(locale),
    code ? describeCode(code) : Promise.resolve(null),
  ]);
  const t = createTranslator(dictionary);
  const resend = (
    <section className="panel login-panel" aria-labelledby="verify-resend-title">
      <h2 id="verify-resend-title">{t('verify.resendTitle')}</h2>
      <p>{t('verify.resendIntro')}</p>
      <ResendVerificationForm
        action={resendVerificationAction.bind(null, locale)}
        texts={{ email: t('verify.resendEmail'), submit: t('verify.resendSubmit') }}
      />
    </section>
  );
  return (
    <div className="container section">
      <header className="page-header">
        <h1 className="page-header__title">{route?.title ?? t('verify.title')}</h1>
        {route?.intro && <p className="page-header__intro">{route.intro}</p>}
      </header>
      {code ? (
        <section className="panel login-panel">
          <ConfirmEmailForm
            notice={
              described &&
              t(
                described.purpose === 'Registration' ? 'verify.confirmRegistration' : 'verify.confirmChange',
                {
                  email: described.email,
                  username: described.username,
                },
              )
            }
            action={confirmEmailAction.bind(null, locale, code)}
            texts={{
              submit: t('verify.submit'),
              login: t('header.login'),
              register: t('login.registerLink'),
              invalid: t('verify.invalidLink'),
            }}
            links={{ login: localizedPath(locale, '/login'), register: localizedPath(locale, '/register') }}
            fallback={resend}
          />
        </section>
      ) : (
        <>
          <section className="panel login-panel">
            <form className="login-form" method="get" action={localizedPath(locale, '/verify-email')}>
              <div className="form-field">
                <label className="form-field__label" htmlFor="verify-code">
                  {t('verify.codeLabel')}
                </label>
                <input
                  id="verify-code"
                  className="form-field__input"
                  name="code"
                  required
                  maxLength={200}
                  autoComplete="one-time-code"
                />
              </div>
              <button type="submit" className="button">
                {t('verify.codeSubmit')}
              </button>
            </form>
          </section>
          {resend}
        </>
      )}
    </div>
  );
}
