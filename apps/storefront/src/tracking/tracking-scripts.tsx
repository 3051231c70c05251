'use client';

import Script from 'next/script';
import { useEffect } from 'react';
import type { TrackingConfig } from '../config';
import type { ConsentChoice } from './consent';
import { useConsent } from './consent-store';
import { enableAnalytics, installGtag, pushToDataLayer } from './data-layer';

interface TrackingScriptsProps {
  config: TrackingConfig;
  initialConsent: ConsentChoice | null;
}

/**
 * The third-party scripts of the shell (spec §1), none render-blocking: the consent manager always
 * (when configured; it is what asks for consent), the tag manager, analytics and, in Production, the
 * session recording only while tracking consent is on. Nothing renders for a script that is not
 * configured (config.ts).
 */
export function TrackingScripts({ config, initialConsent }: TrackingScriptsProps) {
  const { enabled } = useConsent(initialConsent);
  return (
    <>
      {config.consent && <Script id="consent-manager" src={config.consent.src} strategy="afterInteractive" />}
      {enabled && <TagBootstrap config={config} />}
      {enabled && config.tagManager && (
        <Script id="tag-manager" src={config.tagManager.src} strategy="afterInteractive" />
      )}
      {enabled && config.analytics && (
        <Script id="analytics" src={config.analytics.src} strategy="afterInteractive" />
      )}
      {enabled && config.sessionRecording && (
        <Script id="session-recording" src={config.sessionRecording.src} strategy="lazyOnload" />
      )}
    </>
  );
}

/** The data-layer entries the tag manager and gtag.js expect before their scripts run. */
function TagBootstrap({ config }: { config: TrackingConfig }) {
  const tagManager = config.tagManager?.id;
  const analytics = config.analytics?.id;
  useEffect(() => {
    if (tagManager) pushToDataLayer({ 'gtm.start': Date.now(), event: 'gtm.js' });
    if (analytics) {
      enableAnalytics(analytics);
      const gtag = installGtag();
      gtag('js', new Date());
      // Page views are pushed by the shell's tracker on every route change, not by gtag itself.
      gtag('config', analytics, { send_page_view: false });
    }
  }, [tagManager, analytics]);
  return null;
}
