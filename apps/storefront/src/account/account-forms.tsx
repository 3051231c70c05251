'use client';

import { useActionState } from 'react';
import {
  type AddressFormState,
  type AddressValues,
  type DeleteFormState,
  initialState,
  type PasswordField,
  type PasswordFormState,
  type ProfileFormState,
  type ProfileValues,
} from './account-state';
import type { AccountFormTexts } from './account-texts';

/**
 * The account page's forms (issue 22 item 16): server actions through `useActionState`, so they work
 * without JavaScript; after a refusal each field shows what was typed (never a password) with its message
 * next to it, announced, and the form's own message below.
 */

interface FieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  hint?: string;
  type?: string;
  autoComplete: string;
  required?: boolean;
  maxLength: number;
  readOnly?: boolean;
}

function Field({
  id,
  name,
  label,
  value,
  error,
  hint,
  type = 'text',
  autoComplete,
  required,
  maxLength,
  readOnly,
}: FieldProps) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        className="form-field__input"
        type={type}
        name={name}
        autoComplete={autoComplete}
        required={required}
        maxLength={maxLength}
        readOnly={readOnly}
        // The key resets the field to what the last answer holds (React keeps an uncontrolled input's value).
        defaultValue={value}
        key={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {error && (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

function FormMessage({ id, message }: { id: string; message: string | null }) {
  return (
    <p id={id} className="form-field__error" role="alert">
      {message ?? ''}
    </p>
  );
}

/** A summary of a refusal read out once: the form's message, else "check the marked fields". */
function refusalText(state: { status: string; message: string | null }, fieldsText: string): string | null {
  if (state.status !== 'refused') return null;
  return state.message ?? fieldsText;
}

export function ProfileForm({
  texts,
  action,
  values,
  email,
  roleLocked,
}: {
  texts: AccountFormTexts;
  action: (previous: ProfileFormState, form: FormData) => Promise<ProfileFormState>;
  values: ProfileValues;
  email: string;
  roleLocked: boolean;
}) {
  const [state, formAction, pending] = useActionState(
    action,
    initialState<ProfileValues, keyof ProfileValues>(values),
  );
  const shown = state.values;
  return (
    <form className="account-form" action={formAction} noValidate>
      <Field
        id="profile-first-name"
        name="firstName"
        label={texts.firstName}
        value={shown.firstName}
        error={state.errors.firstName}
        autoComplete="given-name"
        required
        maxLength={100}
      />
      <Field
        id="profile-last-name"
        name="lastName"
        label={texts.lastName}
        value={shown.lastName}
        error={state.errors.lastName}
        autoComplete="family-name"
        required
        maxLength={100}
      />
      <Field
        id="profile-role"
        name="jobTitle"
        label={texts.role}
        value={shown.jobTitle}
        error={state.errors.jobTitle}
        hint={roleLocked ? texts.roleVerified : texts.roleHint}
        autoComplete="organization-title"
        maxLength={100}
        readOnly={roleLocked}
      />
      <Field
        id="profile-phone"
        name="phone"
        label={texts.phone}
        value={shown.phone}
        error={state.errors.phone}
        type="tel"
        autoComplete="tel"
        maxLength={40}
      />
      <p className="account-form__static">
        <span className="form-field__label">{texts.email}</span> {email || '–'}
      </p>
      <FormMessage id="profile-message" message={refusalText(state, texts.checkFields)} />
      <button type="submit" className="button" disabled={pending}>
        {texts.saveProfile}
      </button>
    </form>
  );
}

export function AddressForm({
  idPrefix,
  texts,
  action,
  values,
  countries,
  submitLabel,
}: {
  idPrefix: string;
  texts: AccountFormTexts;
  action: (previous: AddressFormState, form: FormData) => Promise<AddressFormState>;
  values: AddressValues;
  countries: { code: string; name: string }[];
  submitLabel: string;
}) {
  const [state, formAction, pending] = useActionState(
    action,
    initialState<AddressValues, keyof AddressValues>(values),
  );
  const shown = state.values;
  const id = (name: string) => `${idPrefix}-${name}`;
  const countryError = state.errors.country;
  return (
    <form className="account-form" action={formAction} noValidate>
      <Field
        id={id('name')}
        name="addressName"
        label={texts.addressName}
        hint={texts.addressNameHint}
        value={shown.addressName}
        error={state.errors.addressName}
        autoComplete="off"
        maxLength={100}
      />
      <Field
        id={id('company')}
        name="companyName"
        label={texts.company}
        value={shown.companyName}
        error={state.errors.companyName}
        autoComplete="organization"
        maxLength={100}
      />
      <Field
        id={id('street1')}
        name="street1"
        label={texts.street1}
        value={shown.street1}
        error={state.errors.street1}
        autoComplete="address-line1"
        required
        maxLength={100}
      />
      <Field
        id={id('street2')}
        name="street2"
        label={texts.street2}
        value={shown.street2}
        error={state.errors.street2}
        autoComplete="address-line2"
        maxLength={100}
      />
      <Field
        id={id('city')}
        name="city"
        label={texts.city}
        value={shown.city}
        error={state.errors.city}
        autoComplete="address-level2"
        required
        maxLength={100}
      />
      <Field
        id={id('state')}
        name="state"
        label={texts.state}
        value={shown.state}
        error={state.errors.state}
        autoComplete="address-level1"
        maxLength={100}
      />
      <Field
        id={id('zip')}
        name="zip"
        label={texts.zip}
        value={shown.zip}
        error={state.errors.zip}
        autoComplete="postal-code"
        maxLength={20}
      />
      <div className="form-field">
        <label className="form-field__label" htmlFor={id('country')}>
          {texts.country}
        </label>
        <select
          id={id('country')}
          className="form-field__input"
          name="country"
          autoComplete="country"
          required
          defaultValue={shown.country}
          key={shown.country}
          aria-invalid={countryError ? true : undefined}
          aria-describedby={countryError ? `${id('country')}-error` : undefined}
        >
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
        {countryError && (
          <p id={`${id('country')}-error`} className="form-field__error">
            {countryError}
          </p>
        )}
      </div>
      <Field
        id={id('phone')}
        name="phone"
        label={texts.phone}
        value={shown.phone}
        error={state.errors.phone}
        type="tel"
        autoComplete="tel"
        maxLength={40}
      />
      <FormMessage id={id('message')} message={refusalText(state, texts.checkFields)} />
      <button type="submit" className="button" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}

export function DeleteAddressForm({
  label,
  action,
}: {
  label: string;
  action: (previous: DeleteFormState, form: FormData) => Promise<DeleteFormState>;
}) {
  const [state, formAction, pending] = useActionState(action, initialState<Record<string, never>, never>({}));
  return (
    <form className="account-form account-form--inline" action={formAction}>
      <button type="submit" className="button button--secondary" disabled={pending}>
        {label}
      </button>
      {state.message && (
        <p className="form-field__error" role="alert">
          {state.message}
        </p>
      )}
    </form>
  );
}

export function PasswordForm({
  texts,
  action,
  username,
}: {
  texts: AccountFormTexts;
  action: (previous: PasswordFormState, form: FormData) => Promise<PasswordFormState>;
  /** For password managers: which account the new password belongs to. */
  username: string;
}) {
  const [state, formAction, pending] = useActionState(
    action,
    initialState<Record<string, never>, PasswordField>({}),
  );
  const error = (name: PasswordField) => state.errors[name];
  return (
    <form className="account-form" action={formAction} noValidate>
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <Field
        id="password-current"
        name="currentPassword"
        label={texts.currentPassword}
        value=""
        error={error('currentPassword')}
        type="password"
        autoComplete="current-password"
        required
        maxLength={100}
      />
      <Field
        id="password-new"
        name="newPassword"
        label={texts.newPassword}
        hint={texts.passwordHint}
        value=""
        error={error('newPassword')}
        type="password"
        autoComplete="new-password"
        required
        maxLength={100}
      />
      <Field
        id="password-confirm"
        name="newPasswordConfirm"
        label={texts.newPasswordConfirm}
        value=""
        error={error('newPasswordConfirm')}
        type="password"
        autoComplete="new-password"
        required
        maxLength={100}
      />
      <FormMessage id="password-message" message={refusalText(state, texts.checkFields)} />
      <button type="submit" className="button" disabled={pending}>
        {texts.changePassword}
      </button>
    </form>
  );
}
