'use client';

import { type MouseEvent, useState } from 'react';
import { LoginPrompt, type LoginPromptTexts } from '../auth/lazy-login-prompt';
import { loggedInNow } from './login-gate';

interface GatedDownloadProps {
  href: string;
  label: string;
  /** Visible hint beside the link that a login is needed. */
  loginHref: string;
  prompt: LoginPromptTexts;
}

/**
 * A download that needs a login (spec §5, `shouldAskLogin`): logged in, the link downloads; a visitor
 * gets the login prompt instead. Without JavaScript the link still answers: the file for a logged-in
 * user, a 401 explaining the login for anyone else (the server checks the token either way).
 */
export function GatedDownload({ href, label, loginHref, prompt }: GatedDownloadProps) {
  const [asking, setAsking] = useState(false);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (loggedInNow()) return;
    event.preventDefault();
    setAsking(true);
  };
  return (
    <>
      <a className="download-link" href={href} download onClick={onClick}>
        {label}
      </a>
      {asking && <LoginPrompt texts={prompt} loginHref={loginHref} onClose={() => setAsking(false)} />}
    </>
  );
}
