'use client';

import { type ReactNode, useActionState } from 'react';
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

/**
 * The mailed link's confirmation: what the code confirms and one button (a server action, so it works
 * without JavaScript). `notice` is null for a code that is invalid, used or expired. After the button the
 * page is rendered again for the answer, and by then the code is used up: the answer comes from the
 * action's state, so it shows whatever the code's state is now. `fallback` (asking for a new link) shows
 * wherever the code cannot be used.
 */
export function ConfirmEmailForm({
  notice,
  texts,
  links,
  action,
  fallback,
}: {
  notice: string | null;
  texts: { submit: string; login: string; register: string; invalid: string };
  links: { login: string; register: string };
  action: Action;
  fallback: ReactNode;
}) {
  const [state, formAction, pending] = useActionState(action, INITIAL_VERIFY_STATE);
  if (state.status === 'idle' && notice) {
    return (
      <form className="login-form" action={formAction}>
        <p className="login-form__notice">{notice}</p>
        <button type="submit" className="button" disabled={pending}>
          {texts.submit}
        </button>
      </form>
    );
  }
  return (
    <>
      <div className="login-form">
        {state.status === 'idle' ? (
          <p className="form-field__error">{texts.invalid}</p>
        ) : (
          <Outcome state={state} id="verify-error" />
        )}
        {state.status === 'done' && state.login && (
          <a className="button" href={links.login}>
            {texts.login}
          </a>
        )}
        {state.status === 'refused' && state.register && <a href={links.register}>{texts.register}</a>}
      </div>
      {state.status !== 'done' && fallback}
    </>
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
          defaultValue={state.status === 'refused' ? (state.email ?? '') : ''}
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
