'use client';

import { useEffect, useSyncExternalStore } from 'react';
import type { TrackingConfig } from '../config';
import { useConsent } from './consent-store';
import { enableAnalytics, installGtag, pushToDataLayer } from './data-layer';
import { ExternalScript } from './external-script';

interface TrackingScriptsProps {
  config: TrackingConfig;
}

const noSubscription = () => () => undefined;

/**
 * The third-party scripts of the shell (spec §1), none render-blocking: the consent manager always
 * (when configured; it is what asks for consent), the tag manager, analytics and, in Production, the
 * session recording only while tracking consent is on. Nothing renders for a script that is not
 * configured (config.ts). The page is the same for every visitor (cached), so the consent-dependent
 * scripts are decided only once hydrated, from the visitor's cookie: never one before the choice is known.
 */
export function TrackingScripts({ config }: TrackingScriptsProps) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const consent = useConsent(null);
  const enabled = hydrated && consent.enabled;
  return (
    <>
      {config.consent && <ExternalScript id="consent-manager" src={config.consent.src} />}
      {enabled && <TagBootstrap config={config} />}
      {enabled && config.tagManager && <ExternalScript id="tag-manager" src={config.tagManager.src} />}
      {enabled && config.analytics && <ExternalScript id="analytics" src={config.analytics.src} />}
      {enabled && config.sessionRecording && (
        <ExternalScript id="session-recording" src={config.sessionRecording.src} when="idle" />
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
