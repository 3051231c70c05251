import type { Metadata } from 'next';
import { NotFoundContent } from '../components/not-found-content';
import { getDictionary } from '../data/content';
import { requestLocale } from '../data/request-locale';
import { requestPath } from '../data/request-path';
import { createTranslator } from '../i18n/translator';
import { pageMetadata, shellMetadata, titleWithSiteName } from '../shell/shell-metadata';
import { SiteShell } from '../shell/site-shell';
import './global.css';

/**
 * The 404 page for URLs no route matches (`/fr-ca/nothing`, `/xx-yy`), in the site's shell and in the
 * locale the proxy read from the URL. It renders on the server, with its text in the HTML.
 */
export async function generateMetadata(): Promise<Metadata> {
  const locale = await requestLocale();
  const t = createTranslator(await getDictionary(locale));
  return {
    ...(await shellMetadata(locale)),
    // Answers per request (it reads the proxy's headers), so it may read the path from them.
    ...(await pageMetadata(locale, await requestPath())),
    title: await titleWithSiteName(locale, t('notFound.title')),
  };
}

export default async function GlobalNotFound() {
  const locale = await requestLocale();
  const t = createTranslator(await getDictionary(locale));
  return (
    <SiteShell locale={locale}>
      <NotFoundContent locale={locale} t={t} />
    </SiteShell>
  );
}
