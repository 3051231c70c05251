import type { LocaleCode } from '@catalogue/dataset/model';
import type { ReactNode } from 'react';
import { SessionGuard } from '../auth/session-guard';
import { cacheTags } from '../caching/cache-tags';
import { tagPage } from '../caching/page-tags';
import { HydratedMark } from '../components/hydrated-mark';
import { LocaleNotice } from '../components/locale-notice';
import { ScriptsMark } from '../components/scripts-mark';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { hasTrackingScripts, storefrontConfig } from '../config';
import { getLocales, getRegionInfo } from '../data/content';
import { getShellContent } from '../data/shell-content';
import { createTranslator } from '../i18n/translator';
import { locationDetailsOf } from '../localisation/location-details';
import { ConsentBanner } from '../tracking/consent-banner';
import { ConsentBannerGuard } from '../tracking/consent-guard';
import { PageViewTracker } from '../tracking/page-view-tracker';
import { TrackingScriptsLoader } from '../tracking/tracking-scripts-loader';
import { UnitPreferenceProvider } from '../units/unit-preference';
import { UnitsGuard } from '../units/units-guard';

interface SiteShellProps {
  locale: LocaleCode;
  children: ReactNode;
}

/**
 * The document every page shares: `<html lang>` in the locale's canonical case, the skip link, the
 * header, the main landmark holding the page, the footer, the consent banner, and the client parts that
 * run on every page view (location cookie, previousPageURL, data layer, third-party scripts). Used by the
 * locale layout and by the global not-found page, which has no layout. Its content comes from one
 * adapter, `data/shell-content.ts`. It is the same for every visitor (pages are cached, caching/): the
 * visitor's consent and unit choices are read from their cookies in the browser, and a tiny inline script
 * hides the consent banner before the first paint when the visitor has already chosen.
 */
export async function SiteShell({ locale, children }: SiteShellProps) {
  const [content, locales] = await Promise.all([getShellContent(locale), getLocales()]);
  const { locale: info, siteName, footer, dictionary, regions, menu } = content;
  const { catalogId, currency } = await getRegionInfo(info.region);
  await tagPage([
    cacheTags.contentType('locale'),
    cacheTags.contentType('region'),
    cacheTags.content('dictionary', locale),
    cacheTags.content('site', locale),
    cacheTags.content('footer', locale),
    cacheTags.menu(catalogId),
  ]);
  const t = createTranslator(dictionary);
  const config = storefrontConfig();
  return (
    <html lang={locale} suppressHydrationWarning>
      <body>
        <SessionGuard />
        <ScriptsMark />
        <UnitsGuard />
        <ConsentBannerGuard />
        <UnitPreferenceProvider
          defaultUnitSystem={info.defaultUnitSystem}
          showsMetricToggle={info.showsMetricToggle}
          initialChoice={null}
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
          <LocaleNotice text={t('header.localeMoved')} />
          <main id="main" className="site-main" tabIndex={-1}>
            {children}
          </main>
          <SiteFooter locale={locale} footer={footer} year={new Date().getFullYear()} />
        </UnitPreferenceProvider>
        <HydratedMark />
        <ConsentBanner
          initialChoice={null}
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
          currency={currency}
          region={info.region}
          siteName={siteName}
          locationDetails={locationDetailsOf(info)}
        />
        {hasTrackingScripts(config.tracking) && <TrackingScriptsLoader config={config.tracking} />}
      </body>
    </html>
  );
}
