import { renderNonce } from '../security/render-nonce';
import { UNITS_GUARD_SCRIPT } from './units-guard-script';

/** The inline pre-paint script of `units-guard-script.ts`, with the render nonce the CSP asks for. */
export function UnitsGuard() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant written here, no visitor input
  return <script nonce={renderNonce()} dangerouslySetInnerHTML={{ __html: UNITS_GUARD_SCRIPT }} />;
}
