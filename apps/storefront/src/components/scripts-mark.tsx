import { renderNonce } from '../security/render-nonce';

/**
 * Runs while the page is parsed, before the first paint: marks `<html data-scripts>`. What folds away on a
 * narrow screen (the header's menu, the filters: `FoldButton`) is folded only under this mark, so a
 * browser without scripts, where no button could open it, shows it open.
 */
export const SCRIPTS_MARK_SCRIPT = "document.documentElement.dataset.scripts=''";

export function ScriptsMark() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant written here, no visitor input
  return <script nonce={renderNonce()} dangerouslySetInnerHTML={{ __html: SCRIPTS_MARK_SCRIPT }} />;
}
