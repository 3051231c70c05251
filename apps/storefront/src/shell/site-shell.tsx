import type { LocaleCode } from '@catalogue/dataset/model';
import type { ReactNode } from 'react';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { getTopCategoriesForLocale } from '../data/categories';
import { getDictionary, getLocales, getSiteContent } from '../data/content';
import { createTranslator } from '../i18n/translator';

interface SiteShellProps {
  locale: LocaleCode;
  children: ReactNode;
}

/**
 * The document every page shares: `<html lang>` in the locale's canonical case, the skip link, the
 * header, the main landmark holding the page, and the footer. Used by the locale layout and by the
 * global not-found page, which has no layout.
 */
export async function SiteShell({ locale, children }: SiteShellProps) {
  const [dictionary, site, locales, categories] = await Promise.all([
    getDictionary(locale),
    getSiteContent(locale),
    getLocales(),
    getTopCategoriesForLocale(locale),
  ]);
  const t = createTranslator(dictionary);
  return (
    <html lang={locale}>
      <body>
        <a className="skip-link" href="#main">
          {t('header.skipToContent')}
        </a>
        <SiteHeader
          locale={locale}
          siteName={site.name}
          categories={categories}
          locales={locales.map(({ code, nativeName }) => ({ code, nativeName }))}
          t={t}
        />
        <main id="main" className="site-main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter locale={locale} site={site} t={t} year={new Date().getFullYear()} />
      </body>
    </html>
  );
}
