import { CONSENT_GUARD_SCRIPT } from './consent-guard-script';

/** The inline pre-paint script of `consent-guard-script.ts` (a server component: no JavaScript to ship). */
export function ConsentBannerGuard() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant written here, no visitor input
  return <script dangerouslySetInnerHTML={{ __html: CONSENT_GUARD_SCRIPT }} />;
}
