'use client';

import { useActionState } from 'react';
import { type DeskFormState, idleState } from './desk-form-state';

export interface DeskTextField {
  name: string;
  label: string;
  hint?: string;
  maxLength: number;
  required?: boolean;
}

/**
 * A desk form that posts to a server action through `useActionState`, so it works without JavaScript: an
 * optional text area, the Idempotency-Key it was rendered with, the submit button, and the refusal read
 * out next to the button. After a refusal the text area keeps what was typed.
 */
export function DeskActionForm({
  action,
  actionKey,
  submitLabel,
  pendingLabel,
  className,
  buttonClassName = 'button',
  field,
  submitContext,
  idPrefix,
}: {
  action: (previous: DeskFormState, form: FormData) => Promise<DeskFormState>;
  actionKey: string;
  submitLabel: string;
  pendingLabel: string;
  className?: string;
  buttonClassName?: string;
  field?: DeskTextField;
  /** Said after the button's label to assistive technology only (which row's button it is). */
  submitContext?: string;
  /** Makes the field's ID unique on the page. */
  idPrefix: string;
}) {
  const [state, formAction, pending] = useActionState(action, idleState(actionKey));
  const fieldId = `${idPrefix}-${field?.name ?? 'field'}`;
  const fieldError = field ? state.errors[field.name] : undefined;
  const typed = field ? (state.values[field.name] ?? '') : '';
  const described = [field?.hint ? `${fieldId}-hint` : null, fieldError ? `${fieldId}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <form className={className} action={formAction}>
      <input type="hidden" name="key" value={state.key} />
      {field && (
        <div className="form-field">
          <label className="form-field__label" htmlFor={fieldId}>
            {field.label}
          </label>
          {field.hint && (
            <p id={`${fieldId}-hint`} className="form-field__hint">
              {field.hint}
            </p>
          )}
          <textarea
            id={fieldId}
            className="form-field__input desk-form__text"
            name={field.name}
            rows={3}
            maxLength={field.maxLength}
            required={field.required}
            defaultValue={typed}
            key={typed}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={described || undefined}
          />
          {fieldError && (
            <p id={`${fieldId}-error`} className="form-field__error">
              {fieldError}
            </p>
          )}
        </div>
      )}
      <div className="desk-form__actions">
        <button type="submit" className={buttonClassName} disabled={pending}>
          {pending ? pendingLabel : submitLabel}
          {submitContext && <span className="visually-hidden"> – {submitContext}</span>}
        </button>
        <p className="form-field__error desk-form__message" role="alert">
          {state.status === 'refused' ? state.message : ''}
        </p>
      </div>
    </form>
  );
}
