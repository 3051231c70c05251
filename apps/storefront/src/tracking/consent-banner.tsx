'use client';

import { useEffect, useRef } from 'react';
import type { ConsentChoice } from './consent';
import { CONSENT_CHOSEN_DATASET_KEY } from './consent-guard-script';
import { chooseConsent, openConsentSettings, useConsent } from './consent-store';

export interface ConsentTexts {
  title: string;
  message: string;
  accept: string;
  decline: string;
  /** The button that reopens the banner, e.g. "Cookie settings". */
  settings: string;
}

interface ConsentBannerProps {
  initialChoice: ConsentChoice | null;
  texts: ConsentTexts;
}

/**
 * The tracking-consent banner (spec §4). It shows until the visitor chooses, and again from the
 * "cookie settings" button. A labelled region with a heading and two real buttons (keyboard usable as
 * they are); the pressed state says which choice is in force. Choosing moves focus to the settings
 * button, which replaces the banner; reopening moves focus to the banner's heading.
 */
export function ConsentBanner({ initialChoice, texts }: ConsentBannerProps) {
  const { choice, settingsOpen } = useConsent(initialChoice);
  // From here on React shows or hides the banner; the guard's pre-paint hiding has done its job.
  useEffect(() => {
    delete document.documentElement.dataset[CONSENT_CHOSEN_DATASET_KEY];
  }, []);
  const visible = choice === null || settingsOpen;
  const heading = useRef<HTMLHeadingElement>(null);
  const settings = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<'banner' | 'settings' | null>(null);

  useEffect(() => {
    if (focusNext.current === 'banner' && visible) heading.current?.focus();
    if (focusNext.current === 'settings' && !visible) settings.current?.focus();
    focusNext.current = null;
  }, [visible]);

  const choose = (next: ConsentChoice) => {
    focusNext.current = 'settings';
    chooseConsent(next);
  };

  if (!visible) {
    return (
      <div className="consent-settings container">
        <button
          ref={settings}
          type="button"
          className="link-button"
          onClick={() => {
            focusNext.current = 'banner';
            openConsentSettings();
          }}
        >
          {texts.settings}
        </button>
      </div>
    );
  }
  return (
    <section className="consent-banner" aria-labelledby="consent-title" data-testid="consent-banner">
      <div className="consent-banner__inner container">
        <h2 id="consent-title" className="consent-banner__title" ref={heading} tabIndex={-1}>
          {texts.title}
        </h2>
        <p className="consent-banner__message">{texts.message}</p>
        <div className="consent-banner__actions">
          <button
            type="button"
            className="button"
            aria-pressed={choice === null ? undefined : choice === 'on'}
            onClick={() => choose('on')}
          >
            {texts.accept}
          </button>
          <button
            type="button"
            className="button button--secondary"
            aria-pressed={choice === null ? undefined : choice === 'off'}
            onClick={() => choose('off')}
          >
            {texts.decline}
          </button>
        </div>
      </div>
    </section>
  );
}
