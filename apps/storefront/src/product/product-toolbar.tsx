'use client';

import { type KeyboardEvent, useState } from 'react';
import { LoginPrompt, type LoginPromptTexts } from '../auth/login-prompt';
import { loggedInNow } from './login-gate';

interface ToolbarAction {
  label: string;
  /** Null: the product has no such file (the button is disabled, spec §5). */
  href: string | null;
}

interface ProductToolbarProps {
  label: string;
  bim: ToolbarAction;
  masterSpec: ToolbarAction;
  prefab: ToolbarAction;
  loginHref: string;
  prompt: LoginPromptTexts;
}

/** Starts a download of a same-site file (its answer is an attachment, so the page stays). */
function download(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Arrow keys, Home and End move the focus between the toolbar's enabled buttons (WAI-ARIA toolbar). */
function moveFocus(event: KeyboardEvent<HTMLDivElement>): void {
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next: Record<string, number> = {
    ArrowRight: index + 1,
    ArrowLeft: index - 1,
    Home: 0,
    End: buttons.length - 1,
  };
  const target = next[event.key];
  if (target === undefined || buttons.length === 0) return;
  event.preventDefault();
  buttons[(target + buttons.length) % buttons.length]?.focus();
}

/**
 * The product toolbar (spec §2, §4): the BIM button (`#bim-toolbar-button`) downloads the BIM model, the
 * Master spec button the master specification, the Prefab button (`#prefab-toolbar-button`) opens the
 * prefab app in a new tab — for a logged-in user. A visitor gets the login prompt. The per-role rules of
 * spec §4 (role verification, role not permitted) arrive with the role modals.
 */
export function ProductToolbar({ label, bim, masterSpec, prefab, loginHref, prompt }: ProductToolbarProps) {
  const [asking, setAsking] = useState(false);
  const run = (action: (href: string) => void, href: string | null) => () => {
    if (!href) return;
    if (!loggedInNow()) {
      setAsking(true);
      return;
    }
    action(href);
  };
  return (
    <div className="product-toolbar" role="toolbar" aria-label={label} onKeyDown={moveFocus}>
      <button
        type="button"
        id="bim-toolbar-button"
        className="button button--secondary"
        disabled={!bim.href}
        onClick={run(download, bim.href)}
      >
        {bim.label}
      </button>
      <button
        type="button"
        id="master-spec-toolbar-button"
        className="button button--secondary"
        disabled={!masterSpec.href}
        onClick={run(download, masterSpec.href)}
      >
        {masterSpec.label}
      </button>
      <button
        type="button"
        id="prefab-toolbar-button"
        className="button button--secondary"
        disabled={!prefab.href}
        onClick={run((href) => window.open(href, '_blank', 'noopener'), prefab.href)}
      >
        {prefab.label}
      </button>
      {asking && <LoginPrompt texts={prompt} loginHref={loginHref} onClose={() => setAsking(false)} />}
    </div>
  );
}
