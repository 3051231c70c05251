'use client';

import { useActionState } from 'react';
import type { NewsletterTexts } from '../data/newsletter';
import { INITIAL_NEWSLETTER_STATE, type NewsletterFormState } from './form-state';

interface NewsletterFormProps {
  texts: NewsletterTexts;
  action: (previous: NewsletterFormState, form: FormData) => Promise<NewsletterFormState>;
}

/**
 * The sign-up form. It posts to a server action, so it works before (and without) JavaScript. The
 * browser's own validation is off (`noValidate`) so a malformed address gets the content service's
 * message in the page's language, shown next to the field, with what was typed kept.
 */
export function NewsletterForm({ texts, action }: NewsletterFormProps) {
  const [state, formAction, pending] = useActionState(action, INITIAL_NEWSLETTER_STATE);
  const refused = state.status === 'refused';
  return (
    <form className="newsletter-form" action={formAction} noValidate>
      <label className="form-field__label" htmlFor="newsletter-email">
        {texts.emailLabel}
      </label>
      <input
        id="newsletter-email"
        className="form-field__input"
        type="email"
        name="email"
        autoComplete="email"
        required
        defaultValue={state.email}
        aria-invalid={refused || undefined}
        aria-describedby={refused ? 'newsletter-error newsletter-consent' : 'newsletter-consent'}
      />
      {refused && (
        <p id="newsletter-error" className="form-field__error" role="alert">
          {state.message}
        </p>
      )}
      <p id="newsletter-consent" className="newsletter-form__consent">
        {texts.consentText}
      </p>
      <button type="submit" className="button" disabled={pending}>
        {texts.submitLabel}
      </button>
      <div role="status" className="newsletter-form__status">
        {state.status === 'pending' && <p className="form-success">{state.message}</p>}
      </div>
    </form>
  );
}
