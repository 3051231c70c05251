import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { registerAction } from '../../../auth/register-action';
import { RegisterForm } from '../../../auth/register-form';
import { getDictionary } from '../../../data/content';
import { getRouteContent } from '../../../data/routes';
import { createTranslator } from '../../../i18n/translator';
import { localeFromSegment, localizedPath } from '../../../routing/locales';
import { pageMetadata } from '../../../shell/shell-metadata';

interface RegisterPageProps {
  params: Promise<{ locale: string }>;
}

/** The form's answers are per visitor: never cached. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({
  params,
}: {
  params: Promise<{ locale: string }>;
}): Promise<Metadata> {
  const locale = localeFromSegment((await params).locale);
  return locale ? pageMetadata(locale, '/register') : {};
}

/**
 * Self-registration: the route's heading and intro and the form; once sent, what to do next (the mail's
 * link) and where to ask for a new one.
 */
export default async function RegisterPage({ params }: RegisterPageProps) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  const [route, dictionary] = await Promise.all([
    getRouteContent(locale, '/register'),
    getDictionary(locale),
  ]);
  if (!route) notFound();
  const t = createTranslator(dictionary);
  const key = (name: string) => t(`register.${name}`);
  return (
    <div className="container section">
      <header className="page-header">
        <h1 className="page-header__title">{route.title}</h1>
        <p className="page-header__intro">{route.intro}</p>
      </header>
      <section className="panel login-panel">
        <RegisterForm
          action={registerAction.bind(null, locale)}
          verifyHref={localizedPath(locale, '/verify-email')}
          texts={{
            firstName: key('firstName'),
            lastName: key('lastName'),
            email: key('email'),
            company: key('company'),
            jobTitle: key('jobTitle'),
            jobTitleHint: key('jobTitleHint'),
            username: key('username'),
            usernameHint: key('usernameHint'),
            password: key('password'),
            passwordHint: key('passwordHint'),
            passwordConfirm: key('passwordConfirm'),
            terms: key('terms'),
            submit: key('submit'),
            notReceived: key('notReceived'),
          }}
        />
      </section>
    </div>
  );
}
