'use client';

import { type KeyboardEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { readBrowserSession } from '../auth/browser-session';
import { LoginPrompt, type LoginPromptTexts } from '../auth/lazy-login-prompt';
import type { PrefabAccess, RoleFacts } from '../auth/role-gate';
import { loggedInNow } from './login-gate';

/**
 * What the buttons do (downloads, the prefab role check, its refusal dialogs), loaded at the first click,
 * or for a logged-in user's role check as the toolbar shows; visitors only ever get the login prompt.
 */
const toolbarActions = () => import('./toolbar-actions');
const roleFacts = (token: string) => toolbarActions().then((module) => module.roleFacts(token));
const RoleRefusal = lazy(() => toolbarActions().then((module) => ({ default: module.RoleRefusal })));

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
  roleTexts: RoleModalTexts;
}

export interface RoleModalTexts {
  verifyTitle: string;
  verifyMessage: string;
  verifyLink: string;
  /** Where an unverified user finds who verifies roles (the rep locator). */
  verifyHref: string;
  notPermittedTitle: string;
  /** With {role}. */
  notPermittedMessage: string;
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
 * The product toolbar (spec §2, §4): the BIM button (`#bim-toolbar-button`) downloads the BIM model and
 * the Master spec button the master specification for a logged-in user; a visitor gets the login prompt.
 * The Prefab button (`#prefab-toolbar-button`) follows `prefabAccess`: it opens the prefab app in a new tab
 * for a company employee or a verified PreFab3DUser, else the unauthenticated, role-verification or
 * user-role modal. The user's job role is fetched once the toolbar shows for a logged-in user, so the
 * click can open the tab at once.
 */
export function ProductToolbar({
  label,
  bim,
  masterSpec,
  prefab,
  loginHref,
  prompt,
  roleTexts,
}: ProductToolbarProps) {
  const [asking, setAsking] = useState(false);
  const [refused, setRefused] = useState<{
    access: Exclude<PrefabAccess, 'open' | 'unauthenticated'>;
    role: string;
  } | null>(null);
  const facts = useRef<Promise<RoleFacts | null> | null>(null);
  useEffect(() => {
    const session = readBrowserSession();
    if (session) facts.current = roleFacts(session.token).catch(() => null);
  }, []);

  const openPrefab = async (href: string) => {
    const session = readBrowserSession();
    if (!session) {
      setAsking(true);
      return;
    }
    facts.current ??= roleFacts(session.token).catch(() => null);
    const known = await facts.current;
    const access = (await toolbarActions()).prefabAccess(known);
    if (access === 'open') window.open(href, '_blank', 'noopener');
    else if (access === 'unauthenticated') setAsking(true);
    else setRefused({ access, role: known?.jobTitle ?? '' });
  };
  const download = (href: string | null) => () => {
    if (!href) return;
    if (!loggedInNow()) {
      setAsking(true);
      return;
    }
    void toolbarActions().then((module) => module.download(href));
  };
  return (
    <div className="product-toolbar" role="toolbar" aria-label={label} onKeyDown={moveFocus}>
      <button
        type="button"
        id="bim-toolbar-button"
        className="button button--secondary"
        disabled={!bim.href}
        onClick={download(bim.href)}
      >
        {bim.label}
      </button>
      <button
        type="button"
        id="master-spec-toolbar-button"
        className="button button--secondary"
        disabled={!masterSpec.href}
        onClick={download(masterSpec.href)}
      >
        {masterSpec.label}
      </button>
      <button
        type="button"
        id="prefab-toolbar-button"
        className="button button--secondary"
        disabled={!prefab.href}
        onClick={() => {
          if (prefab.href) void openPrefab(prefab.href);
        }}
      >
        {prefab.label}
      </button>
      {asking && <LoginPrompt texts={prompt} loginHref={loginHref} onClose={() => setAsking(false)} />}
      {refused && (
        <Suspense fallback={null}>
          <RoleRefusal
            refused={refused}
            texts={roleTexts}
            closeLabel={prompt.close}
            onClose={() => setRefused(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
