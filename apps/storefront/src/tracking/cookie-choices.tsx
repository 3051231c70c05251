'use client';

import type { ConsentChoice } from './consent';
import { chooseConsent, useConsent } from './consent-store';

export interface CookieChoicesTexts {
  title: string;
  on: string;
  off: string;
  none: string;
  accept: string;
  decline: string;
}

/**
 * The cookie page's own choice (spec §4): what is in force and the two buttons the banner has. The page
 * is cached for everyone, so the choice is read from the cookie in the browser; before that it says
 * nothing is chosen, which is also what the server knows of a first visit.
 */
export function CookieChoices({ texts }: { texts: CookieChoicesTexts }) {
  const { choice } = useConsent(null);
  const status = choice === 'on' ? texts.on : choice === 'off' ? texts.off : texts.none;
  const button = (value: ConsentChoice, label: string) => (
    <button
      type="button"
      className={value === 'on' ? 'button' : 'button button--secondary'}
      aria-pressed={choice === null ? undefined : choice === value}
      onClick={() => chooseConsent(value)}
    >
      {label}
    </button>
  );
  return (
    <section className="panel cookie-choices" aria-labelledby="cookie-choices-title">
      <h2 id="cookie-choices-title" className="section__title">
        {texts.title}
      </h2>
      <p role="status" className="cookie-choices__status">
        {status}
      </p>
      <div className="cookie-choices__actions">
        {button('on', texts.accept)}
        {button('off', texts.decline)}
      </div>
    </section>
  );
}
