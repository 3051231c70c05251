import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { forgotPasswordAction } from '../../../auth/reset-actions';
import { ForgotPasswordForm } from '../../../auth/reset-forms';
import { getDictionary } from '../../../data/content';
import { getRouteContent } from '../../../data/routes';
import { createTranslator } from '../../../i18n/translator';
import { localeFromSegment } from '../../../routing/locales';
import { pageMetadata } from '../../../shell/shell-metadata';

export async function generateMetadata({
  params,
}: {
  params: Promise<{ locale: string }>;
}): Promise<Metadata> {
  const locale = localeFromSegment((await params).locale);
  return locale ? pageMetadata(locale, '/forgot-password') : {};
}

/** Forgotten password: the address of the account; the commerce service emails the reset link. */
export default async function ForgotPasswordPage({ params }: { params: Promise<{ locale: string }> }) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  const [route, dictionary] = await Promise.all([
    getRouteContent(locale, '/forgot-password'),
    getDictionary(locale),
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
        <ForgotPasswordForm
          texts={{ email: t('forgot.email'), submit: t('forgot.submit') }}
          action={forgotPasswordAction.bind(null, locale)}
        />
      </section>
    </div>
  );
}
