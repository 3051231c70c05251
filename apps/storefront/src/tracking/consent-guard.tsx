import { renderNonce } from '../security/render-nonce';
import { CONSENT_GUARD_SCRIPT } from './consent-guard-script';

/**
 * The inline pre-paint script of `consent-guard-script.ts` (a server component: no JavaScript to ship),
 * with the render nonce the Content-Security-Policy asks for (`security/render-nonce.ts`).
 */
export function ConsentBannerGuard() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant written here, no visitor input
  return <script nonce={renderNonce()} dangerouslySetInnerHTML={{ __html: CONSENT_GUARD_SCRIPT }} />;
}
