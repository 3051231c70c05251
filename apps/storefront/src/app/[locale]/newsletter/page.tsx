import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cacheTags } from '../../../caching/cache-tags';
import { tagPage } from '../../../caching/page-tags';
import { getNewsletterTexts } from '../../../data/newsletter';
import { getRouteContent } from '../../../data/routes';
import { NewsletterForm } from '../../../newsletter/newsletter-form';
import { subscribeAction } from '../../../newsletter/subscribe-action';
import { localeFromSegment } from '../../../routing/locales';
import { pageMetadata } from '../../../shell/shell-metadata';

interface NewsletterPageProps {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: NewsletterPageProps): Promise<Metadata> {
  const locale = localeFromSegment((await params).locale);
  return locale ? pageMetadata(locale, '/newsletter') : {};
}

/** The newsletter page: the route's heading and intro, the newsletter's texts and the sign-up form. */
export default async function NewsletterPage({ params }: NewsletterPageProps) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  await tagPage([
    cacheTags.contentItem('route', locale, '/newsletter'),
    cacheTags.content('newsletter', locale),
  ]);
  const [route, texts] = await Promise.all([
    getRouteContent(locale, '/newsletter'),
    getNewsletterTexts(locale),
  ]);
  if (!route) notFound();
  return (
    <div className="container section">
      <header className="page-header">
        <h1 className="page-header__title">{route.title}</h1>
        <p className="page-header__intro">{route.intro}</p>
      </header>
      <section className="panel" aria-labelledby="newsletter-heading">
        <h2 id="newsletter-heading" className="section__title">
          {texts.heading}
        </h2>
        <p>{texts.text}</p>
        <NewsletterForm texts={texts} action={subscribeAction.bind(null, locale)} />
      </section>
    </div>
  );
}
