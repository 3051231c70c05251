import type { LocaleCode } from '@catalogue/dataset/model';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { storefrontConfig } from '../config';
import { getLocales } from '../data/content';
import { getShellContent } from '../data/shell-content';
import { createTranslator } from '../i18n/translator';
import { locationDetailsOf } from '../localisation/location-details';
import { CONSENT_COOKIE, consentChoiceOf } from '../tracking/consent';
import { ConsentBanner } from '../tracking/consent-banner';
import { PageViewTracker } from '../tracking/page-view-tracker';
import { TrackingScripts } from '../tracking/tracking-scripts';
import { UnitPreferenceProvider } from '../units/unit-preference';
import { UNIT_SYSTEM_COOKIE, unitSystemOf } from '../units/unit-system';

interface SiteShellProps {
  locale: LocaleCode;
  children: ReactNode;
}

/**
 * The document every page shares: `<html lang>` in the locale's canonical case, the skip link, the
 * header, the main landmark holding the page, the footer, the consent banner, and the client parts that
 * run on every page view (location cookie, previousPageURL, data layer, third-party scripts). Used by the
 * locale layout and by the global not-found page, which has no layout. Its content comes from one
 * adapter, `data/shell-content.ts`; the visitor's consent and unit choices from their cookies, so the
 * first HTML already matches them.
 */
export async function SiteShell({ locale, children }: SiteShellProps) {
  const [content, cookieStore, locales] = await Promise.all([
    getShellContent(locale),
    cookies(),
    getLocales(),
  ]);
  const { locale: info, siteName, footer, dictionary, regions, menu } = content;
  const t = createTranslator(dictionary);
  const config = storefrontConfig();
  const consent = consentChoiceOf(cookieStore.get(CONSENT_COOKIE)?.value);
  return (
    <html lang={locale}>
      <body>
        <UnitPreferenceProvider
          defaultUnitSystem={info.defaultUnitSystem}
          showsMetricToggle={info.showsMetricToggle}
          initialChoice={unitSystemOf(cookieStore.get(UNIT_SYSTEM_COOKIE)?.value)}
        >
          <a className="skip-link" href="#main">
            {t('header.skipToContent')}
          </a>
          <SiteHeader
            locale={locale}
            siteName={siteName}
            menu={menu}
            regions={regions}
            loginLocalesMapping={Object.fromEntries(locales.map((l) => [l.code, l.loginLocale]))}
            t={t}
          />
          <main id="main" className="site-main" tabIndex={-1}>
            {children}
          </main>
          <SiteFooter locale={locale} footer={footer} year={new Date().getFullYear()} />
        </UnitPreferenceProvider>
        <ConsentBanner
          initialChoice={consent}
          texts={{
            title: t('consent.title'),
            message: t('consent.message'),
            accept: t('consent.accept'),
            decline: t('consent.decline'),
            settings: t('footer.cookies'),
          }}
        />
        <PageViewTracker
          locale={locale}
          language={info.language}
          region={info.region}
          siteName={siteName}
          locationDetails={locationDetailsOf(info)}
        />
        <TrackingScripts config={config.tracking} initialConsent={consent} />
      </body>
    </html>
  );
}
