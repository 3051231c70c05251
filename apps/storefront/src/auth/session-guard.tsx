import { renderNonce } from '../security/render-nonce';
import { SESSION_GUARD_SCRIPT } from './session-guard-script';

/** The inline pre-paint script of `session-guard-script.ts`, with the render nonce the CSP asks for. */
export function SessionGuard() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant written here, no visitor input
  return <script nonce={renderNonce()} dangerouslySetInnerHTML={{ __html: SESSION_GUARD_SCRIPT }} />;
}
