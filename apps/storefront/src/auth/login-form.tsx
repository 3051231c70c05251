'use client';

import { useActionState } from 'react';
import { INITIAL_LOGIN_STATE, type LoginFormState } from './login-state';

export interface LoginFormTexts {
  username: string;
  password: string;
  submit: string;
}

interface LoginFormProps {
  texts: LoginFormTexts;
  /** A notice shown above the form, e.g. that the session ended. */
  notice: string | null;
  action: (previous: LoginFormState, form: FormData) => Promise<LoginFormState>;
}

/**
 * Username-or-email and password. It posts to a server action, so it works before (and without)
 * JavaScript; a refusal is announced next to the form with the username kept.
 */
export function LoginForm({ texts, notice, action }: LoginFormProps) {
  const [state, formAction, pending] = useActionState(action, INITIAL_LOGIN_STATE);
  const refused = state.status === 'refused';
  return (
    <form className="login-form" action={formAction}>
      {notice && !refused && <p className="login-form__notice">{notice}</p>}
      {refused && (
        <p id="login-error" className="form-field__error" role="alert">
          {state.message}
        </p>
      )}
      <div className="form-field">
        <label className="form-field__label" htmlFor="login-username">
          {texts.username}
        </label>
        <input
          id="login-username"
          className="form-field__input"
          name="username"
          autoComplete="username"
          required
          maxLength={256}
          defaultValue={state.username}
          aria-invalid={refused || undefined}
          aria-describedby={refused ? 'login-error' : undefined}
        />
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor="login-password">
          {texts.password}
        </label>
        <input
          id="login-password"
          className="form-field__input"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          maxLength={1024}
          aria-invalid={refused || undefined}
          aria-describedby={refused ? 'login-error' : undefined}
        />
      </div>
      <button type="submit" className="button" disabled={pending}>
        {texts.submit}
      </button>
    </form>
  );
}
