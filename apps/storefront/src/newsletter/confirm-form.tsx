'use client';

import { useActionState } from 'react';
import { type ConfirmationState, INITIAL_CONFIRMATION_STATE } from './form-state';

interface ConfirmFormProps {
  token: string;
  intro: string;
  label: string;
  /** The sign-up page, offered when the link is refused (unknown or lapsed). */
  signUp: { href: string; label: string };
  action: (previous: ConfirmationState, form: FormData) => Promise<ConfirmationState>;
}

/**
 * The confirmation page's form: the mailed token in a hidden field and one button. It posts to a server
 * action, so it works without JavaScript; the answer replaces the button.
 */
export function ConfirmForm({ token, intro, label, signUp, action }: ConfirmFormProps) {
  const [state, formAction, pending] = useActionState(action, INITIAL_CONFIRMATION_STATE);
  if (state.status === 'confirmed') {
    return (
      <div role="status">
        <p className="form-success">{state.message}</p>
      </div>
    );
  }
  return (
    <form className="newsletter-form" action={formAction}>
      <input type="hidden" name="token" value={token} />
      <p>{intro}</p>
      {state.status === 'refused' && (
        <p className="form-field__error" role="alert">
          {state.message} <a href={signUp.href}>{signUp.label}</a>
        </p>
      )}
      <button type="submit" className="button" disabled={pending}>
        {label}
      </button>
    </form>
  );
}
