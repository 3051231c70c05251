'use client';

import { useActionState, useEffect } from 'react';
import { INITIAL_RESET_STATE, type ResetFormState } from './reset-state';

type Action = (previous: ResetFormState, form: FormData) => Promise<ResetFormState>;

function Outcome({ state, id }: { state: ResetFormState; id: string }) {
  if (state.status === 'refused') {
    return (
      <p id={id} className="form-field__error" role="alert">
        {state.message}
      </p>
    );
  }
  return (
    <div role="status">
      {(state.status === 'sent' || state.status === 'done') && (
        <p className="form-success">{state.message}</p>
      )}
    </div>
  );
}

/** The forgot-password form: one email field; the same confirmation whether or not an account exists. */
export function ForgotPasswordForm({
  texts,
  action,
}: {
  texts: { email: string; submit: string };
  action: Action;
}) {
  const [state, formAction, pending] = useActionState(action, INITIAL_RESET_STATE);
  const refused = state.status === 'refused';
  return (
    <form className="login-form" action={formAction} noValidate>
      <div className="form-field">
        <label className="form-field__label" htmlFor="forgot-email">
          {texts.email}
        </label>
        <input
          id="forgot-email"
          className="form-field__input"
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={200}
          defaultValue={state.email}
          aria-invalid={refused || undefined}
          aria-describedby={refused ? 'forgot-error' : undefined}
        />
      </div>
      <Outcome state={state} id="forgot-error" />
      <button type="submit" className="button" disabled={pending || state.status === 'sent'}>
        {texts.submit}
      </button>
    </form>
  );
}

/**
 * Takes the emailed code out of the address bar once the form holds it (the form's action is bound to it
 * on the server): third-party scripts that load after hydration, the history and a copied address never
 * see it. Runs before the shell's effects (a child's effects run first).
 */
function forgetCodeInAddress(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('code')) return;
  url.searchParams.delete('code');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

export interface ResetPasswordTexts {
  password: string;
  passwordHint: string;
  passwordConfirm: string;
  submit: string;
  login: string;
}

/** The new-password form of the email's link; after success it offers the login page. */
export function ResetPasswordForm({
  texts,
  loginHref,
  action,
}: {
  texts: ResetPasswordTexts;
  loginHref: string;
  action: Action;
}) {
  const [state, formAction, pending] = useActionState(action, INITIAL_RESET_STATE);
  useEffect(forgetCodeInAddress, []);
  const invalid = (field: string) => state.status === 'refused' && state.field === field;
  if (state.status === 'done') {
    return (
      <div className="login-form">
        <Outcome state={state} id="reset-error" />
        <a className="button" href={loginHref}>
          {texts.login}
        </a>
      </div>
    );
  }
  return (
    <form className="login-form" action={formAction} noValidate>
      <div className="form-field">
        <label className="form-field__label" htmlFor="reset-password">
          {texts.password}
        </label>
        <p id="reset-password-hint" className="form-field__hint">
          {texts.passwordHint}
        </p>
        <input
          id="reset-password"
          className="form-field__input"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          maxLength={100}
          aria-invalid={invalid('password') || undefined}
          aria-describedby={invalid('password') ? 'reset-password-hint reset-error' : 'reset-password-hint'}
        />
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor="reset-password-confirm">
          {texts.passwordConfirm}
        </label>
        <input
          id="reset-password-confirm"
          className="form-field__input"
          type="password"
          name="passwordConfirm"
          autoComplete="new-password"
          required
          maxLength={100}
          aria-invalid={invalid('passwordConfirm') || undefined}
          aria-describedby={invalid('passwordConfirm') ? 'reset-error' : undefined}
        />
      </div>
      <Outcome state={state} id="reset-error" />
      <button type="submit" className="button" disabled={pending}>
        {texts.submit}
      </button>
    </form>
  );
}
