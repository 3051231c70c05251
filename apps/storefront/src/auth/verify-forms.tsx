'use client';

import { useActionState } from 'react';
import { INITIAL_VERIFY_STATE, type VerifyFormState } from './verify-state';

type Action = (previous: VerifyFormState, form: FormData) => Promise<VerifyFormState>;

function Outcome({ state, id }: { state: VerifyFormState; id: string }) {
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

/** The mailed link's confirmation: one button (a server action, so it works without JavaScript). */
export function ConfirmEmailForm({
  texts,
  links,
  action,
}: {
  texts: { submit: string; login: string; register: string };
  links: { login: string; register: string };
  action: Action;
}) {
  const [state, formAction, pending] = useActionState(action, INITIAL_VERIFY_STATE);
  if (state.status !== 'idle') {
    return (
      <div className="login-form">
        <Outcome state={state} id="verify-error" />
        {state.status === 'done' && state.login && (
          <a className="button" href={links.login}>
            {texts.login}
          </a>
        )}
        {state.status === 'refused' && state.register && <a href={links.register}>{texts.register}</a>}
      </div>
    );
  }
  return (
    <form className="login-form" action={formAction}>
      <button type="submit" className="button" disabled={pending}>
        {texts.submit}
      </button>
    </form>
  );
}

/** "Send a new link" for an address: the same confirmation whatever the address. */
export function ResendVerificationForm({
  texts,
  action,
}: {
  texts: { email: string; submit: string };
  action: Action;
}) {
  const [state, formAction, pending] = useActionState(action, INITIAL_VERIFY_STATE);
  const refused = state.status === 'refused';
  return (
    <form className="login-form" action={formAction} noValidate>
      <div className="form-field">
        <label className="form-field__label" htmlFor="verify-resend-email">
          {texts.email}
        </label>
        <input
          id="verify-resend-email"
          className="form-field__input"
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={200}
          aria-invalid={refused || undefined}
          aria-describedby={refused ? 'verify-resend-error' : undefined}
        />
      </div>
      <Outcome state={state} id="verify-resend-error" />
      <button type="submit" className="button" disabled={pending || state.status === 'sent'}>
        {texts.submit}
      </button>
    </form>
  );
}
