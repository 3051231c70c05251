'use client';

import { type ReactNode, useActionState } from 'react';
import { initialQuoteFormState, type QuoteFormState } from './quote-form-state';

/**
 * The quote page's forms: server actions through `useActionState`, so they work without JavaScript; a
 * refusal keeps what was typed, marks the field with its message, and says why below the form (announced);
 * a quote that changed under the page offers a reload. The button is disabled while the action runs.
 */

type Action = (previous: QuoteFormState, form: FormData) => Promise<QuoteFormState>;

export interface QuoteFormTexts {
  submit: string;
  reload: string;
  /** The quote's own address: a GET shows it as it is now. */
  reloadHref: string;
  /** Field labels by field name. */
  labels: Record<string, string>;
}

function useQuoteForm(action: Action, formKey: string, values: Record<string, string> = {}) {
  return useActionState(action, initialQuoteFormState(formKey, values));
}

function TextArea({
  id,
  name,
  label,
  state,
  required,
  maxLength,
  rows = 3,
}: {
  id: string;
  name: string;
  label: string;
  state: QuoteFormState;
  required?: boolean;
  maxLength: number;
  rows?: number;
}) {
  const error = state.errors[name];
  const value = state.values[name] ?? '';
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        className="form-field__input"
        rows={rows}
        required={required}
        maxLength={maxLength}
        defaultValue={value}
        // The key resets the field to what the last answer holds (React keeps an uncontrolled value).
        key={`${state.key}:${value}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

function FormEnd({
  state,
  pending,
  texts,
  danger,
}: {
  state: QuoteFormState;
  pending: boolean;
  texts: QuoteFormTexts;
  danger?: boolean;
}) {
  return (
    <>
      <div className="quote-form__message" role="alert">
        {state.message && (
          <p className="form-field__error">
            {state.message} {state.reload && <a href={texts.reloadHref}>{texts.reload}</a>}
          </p>
        )}
      </div>
      <div>
        <button
          type="submit"
          className={danger ? 'button button--secondary' : 'button'}
          disabled={pending}
          aria-busy={pending || undefined}
        >
          {texts.submit}
        </button>
      </div>
    </>
  );
}

function FormFrame({
  action,
  state,
  children,
  name,
}: {
  action: (form: FormData) => void;
  state: QuoteFormState;
  children: ReactNode;
  name: string;
}) {
  return (
    <form className="quote-form" action={action} noValidate data-form={name}>
      <input type="hidden" name="key" value={state.key} />
      {children}
    </form>
  );
}

export function AcceptForm({
  action,
  formKey,
  texts,
}: {
  action: Action;
  formKey: string;
  texts: QuoteFormTexts;
}) {
  const [state, formAction, pending] = useQuoteForm(action, formKey);
  return (
    <FormFrame action={formAction} state={state} name="accept">
      <TextArea
        id="quote-accept-comments"
        name="comments"
        label={texts.labels.comments ?? ''}
        state={state}
        maxLength={2000}
        rows={2}
      />
      <FormEnd state={state} pending={pending} texts={texts} />
    </FormFrame>
  );
}

export function DeclineForm({
  action,
  formKey,
  texts,
}: {
  action: Action;
  formKey: string;
  texts: QuoteFormTexts;
}) {
  const [state, formAction, pending] = useQuoteForm(action, formKey);
  return (
    <FormFrame action={formAction} state={state} name="decline">
      <TextArea
        id="quote-decline-reason"
        name="reason"
        label={texts.labels.reason ?? ''}
        state={state}
        required
        maxLength={2000}
      />
      <FormEnd state={state} pending={pending} texts={texts} danger />
    </FormFrame>
  );
}

export interface ChangeLine {
  id: string;
  sku: string;
  quantity: number;
  /** "Quantity of EMT-050-10", in the page's language. */
  label: string;
}

export function ChangesForm({
  action,
  formKey,
  texts,
  lines,
}: {
  action: Action;
  formKey: string;
  texts: QuoteFormTexts;
  lines: ChangeLine[];
}) {
  const initial = Object.fromEntries(lines.map((line) => [`quantity:${line.id}`, String(line.quantity)]));
  const [state, formAction, pending] = useQuoteForm(action, formKey, initial);
  return (
    <FormFrame action={formAction} state={state} name="changes">
      <TextArea
        id="quote-changes-message"
        name="message"
        label={texts.labels.message ?? ''}
        state={state}
        required
        maxLength={4000}
      />
      <div className="quote-form__quantities">
        {lines.map((line) => {
          const name = `quantity:${line.id}`;
          const id = `quote-changes-qty-${line.id}`;
          const error = state.errors[name];
          const value = state.values[name] ?? String(line.quantity);
          return (
            <div className="form-field" key={line.id}>
              <label className="form-field__label" htmlFor={id}>
                {line.label}
              </label>
              <input
                id={id}
                name={name}
                className="form-field__input quote-form__quantity"
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                required
                defaultValue={value}
                key={`${state.key}:${value}`}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
              />
              {error && (
                <p id={`${id}-error`} className="form-field__error">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <FormEnd state={state} pending={pending} texts={texts} />
    </FormFrame>
  );
}

export function MessageForm({
  action,
  formKey,
  texts,
}: {
  action: Action;
  formKey: string;
  texts: QuoteFormTexts;
}) {
  const [state, formAction, pending] = useQuoteForm(action, formKey);
  return (
    <FormFrame action={formAction} state={state} name="message">
      <TextArea
        id="quote-message-text"
        name="text"
        label={texts.labels.text ?? ''}
        state={state}
        required
        maxLength={4000}
      />
      <FormEnd state={state} pending={pending} texts={texts} />
    </FormFrame>
  );
}
