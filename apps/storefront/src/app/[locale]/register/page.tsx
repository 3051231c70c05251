import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { registerAction } from '../../../auth/register-action';
import { RegisterForm } from '../../../auth/register-form';
import { getDictionary } from '../../../data/content';
import { getRouteContent } from '../../../data/routes';
import { createTranslator } from '../../../i18n/translator';
import { localeFromSegment } from '../../../routing/locales';
import { pageMetadata } from '../../../shell/shell-metadata';

interface RegisterPageProps {
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
  return locale ? pageMetadata(locale, '/register') : {};
}

/** Self-registration: the route's heading and intro and the form; the new user returns to `redirectURI`. */
export default async function RegisterPage({ params, searchParams }: RegisterPageProps) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  const redirect = (await searchParams).redirectURI;
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
          action={registerAction.bind(null, locale, (Array.isArray(redirect) ? redirect[0] : redirect) ?? '')}
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
          }}
        />
      </section>
    </div>
  );
}
