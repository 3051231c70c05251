'use client';

import { useActionState } from 'react';
import { INITIAL_REGISTER_STATE, type RegisterField, type RegisterFormState } from './register-state';

export type RegisterFormTexts = Record<
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'company'
  | 'jobTitle'
  | 'jobTitleHint'
  | 'username'
  | 'usernameHint'
  | 'password'
  | 'passwordHint'
  | 'passwordConfirm'
  | 'terms'
  | 'submit'
  | 'notReceived',
  string
>;

interface RegisterFormProps {
  texts: RegisterFormTexts;
  action: (previous: RegisterFormState, form: FormData) => Promise<RegisterFormState>;
  /** The page where a new confirmation link can be asked for. */
  verifyHref: string;
}

interface FieldSpec {
  name: RegisterField;
  type?: string;
  autoComplete: string;
  required: boolean;
  maxLength: number;
  hint?: 'jobTitleHint' | 'usernameHint' | 'passwordHint';
}

const FIELDS: FieldSpec[] = [
  { name: 'firstName', autoComplete: 'given-name', required: true, maxLength: 100 },
  { name: 'lastName', autoComplete: 'family-name', required: true, maxLength: 100 },
  { name: 'email', type: 'email', autoComplete: 'email', required: true, maxLength: 200 },
  { name: 'company', autoComplete: 'organization', required: true, maxLength: 200 },
  {
    name: 'jobTitle',
    autoComplete: 'organization-title',
    required: false,
    maxLength: 100,
    hint: 'jobTitleHint',
  },
  { name: 'username', autoComplete: 'username', required: false, maxLength: 100, hint: 'usernameHint' },
  {
    name: 'password',
    type: 'password',
    autoComplete: 'new-password',
    required: true,
    maxLength: 100,
    hint: 'passwordHint',
  },
  { name: 'passwordConfirm', type: 'password', autoComplete: 'new-password', required: true, maxLength: 100 },
];

/**
 * The registration form: a server action, so it works without JavaScript; every problem is shown next
 * to its field (and announced), and what was typed is kept, except the passwords. Once sent, it gives
 * way to the "check your mail" message, the same for every address.
 */
export function RegisterForm({ texts, action, verifyHref }: RegisterFormProps) {
  const [state, formAction, pending] = useActionState(action, INITIAL_REGISTER_STATE);
  if (state.status === 'sent') {
    return (
      <div className="login-form" role="status">
        <p className="form-success">{state.message}</p>
        <p>
          <a href={verifyHref}>{texts.notReceived}</a>
        </p>
      </div>
    );
  }
  const error = (name: RegisterField) => state.errors[name];
  const describedBy = (spec: FieldSpec) =>
    [spec.hint ? `register-${spec.name}-hint` : null, error(spec.name) ? `register-${spec.name}-error` : null]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <form className="login-form" action={formAction} noValidate>
      {state.message && (
        <p id="register-error" className="form-field__error" role="alert">
          {state.message}
        </p>
      )}
      {FIELDS.map((spec) => (
        <div className="form-field" key={spec.name}>
          <label className="form-field__label" htmlFor={`register-${spec.name}`}>
            {texts[spec.name as keyof RegisterFormTexts]}
          </label>
          {spec.hint && (
            <p id={`register-${spec.name}-hint`} className="form-field__hint">
              {texts[spec.hint]}
            </p>
          )}
          <input
            id={`register-${spec.name}`}
            className="form-field__input"
            name={spec.name}
            type={spec.type ?? 'text'}
            autoComplete={spec.autoComplete}
            required={spec.required}
            maxLength={spec.maxLength}
            defaultValue={
              spec.type === 'password' ? undefined : state.values[spec.name as keyof typeof state.values]
            }
            aria-invalid={error(spec.name) ? true : undefined}
            aria-describedby={describedBy(spec)}
          />
          {error(spec.name) && (
            <p id={`register-${spec.name}-error`} className="form-field__error" role="alert">
              {error(spec.name)}
            </p>
          )}
        </div>
      ))}
      <div className="form-field form-field--checkbox">
        <input
          id="register-terms"
          type="checkbox"
          name="terms"
          required
          defaultChecked={state.termsAccepted}
          aria-invalid={error('terms') ? true : undefined}
          aria-describedby={error('terms') ? 'register-terms-error' : undefined}
        />
        <label htmlFor="register-terms">{texts.terms}</label>
        {error('terms') && (
          <p id="register-terms-error" className="form-field__error" role="alert">
            {error('terms')}
          </p>
        )}
      </div>
      <button type="submit" className="button" disabled={pending}>
        {texts.submit}
      </button>
    </form>
  );
}
