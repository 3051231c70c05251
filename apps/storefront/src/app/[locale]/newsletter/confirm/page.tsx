import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getNewsletterTexts } from '../../../../data/newsletter';
import { getRouteContent } from '../../../../data/routes';
import { ConfirmForm } from '../../../../newsletter/confirm-form';
import { confirmAction } from '../../../../newsletter/subscribe-action';
import { localeFromSegment, localizedPath } from '../../../../routing/locales';
import { pageMetadata } from '../../../../shell/shell-metadata';

interface ConfirmPageProps {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The token is read from the query on every request: never cached. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({
  params,
}: {
  params: Promise<{ locale: string }>;
}): Promise<Metadata> {
  const locale = localeFromSegment((await params).locale);
  if (!locale) return {};
  // A page per token: never indexed, whatever the environment.
  return { ...(await pageMetadata(locale, '/newsletter/confirm')), robots: { index: false, follow: false } };
}

/**
 * The page the newsletter's confirmation mail links to (`?token=`): the newsletter's heading and a button
 * that confirms the sign-up. Opening the link confirms nothing by itself (mail scanners open links);
 * the button posts to a server action, so the page works without JavaScript.
 */
export default async function NewsletterConfirmPage({ params, searchParams }: ConfirmPageProps) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  const raw = (await searchParams).token;
  const token = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  const [route, texts] = await Promise.all([
    getRouteContent(locale, '/newsletter'),
    getNewsletterTexts(locale),
  ]);
  if (!route) notFound();
  return (
    <div className="container section">
      <header className="page-header">
        <h1 className="page-header__title">{route.title}</h1>
      </header>
      <section className="panel" aria-labelledby="newsletter-confirm-heading">
        <h2 id="newsletter-confirm-heading" className="section__title">
          {texts.heading}
        </h2>
        <ConfirmForm
          token={token}
          intro={texts.confirmIntro}
          label={texts.confirmLabel}
          signUp={{ href: localizedPath(locale, '/newsletter'), label: texts.submitLabel }}
          action={confirmAction.bind(null, locale)}
        />
      </section>
    </div>
  );
}
