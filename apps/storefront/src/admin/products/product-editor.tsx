'use client';

import type { Language } from '@catalogue/dataset/model';
import { useActionState } from 'react';
import type { ProductFormState } from './product-actions';
import {
  DESCRIPTION_MAX,
  DETAIL_FIELDS,
  descriptionField,
  type FormValues,
  INVENTORY_FIELDS,
  NAME_MAX,
  nameField,
} from './product-form';

export interface EditorLanguage {
  code: Language;
  label: string;
  /** The site locales showing this language, e.g. "de-DE, de-CH". */
  locales: string;
}

type Field = (typeof DETAIL_FIELDS)[number];

/**
 * The product editor: the languages side by side (a missing name or description is flagged), then the
 * product's OrderCloud fields and its inventory. Read-only for a user who may not change products.
 */
export function ProductEditor({
  action,
  original,
  languages,
  canEdit,
}: {
  action: (previous: ProductFormState, form: FormData) => Promise<ProductFormState>;
  original: FormValues;
  languages: EditorLanguage[];
  canEdit: boolean;
}) {
  const [state, formAction, pending] = useActionState(action, {
    status: 'idle',
    message: null,
    errors: {},
    values: null,
    version: 0,
  });
  const values = state.values ?? original;
  const fieldProps = (name: string) => {
    const error = state.errors[name];
    return {
      id: `product-${name}`,
      name,
      defaultValue: values[name] ?? '',
      readOnly: !canEdit,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `product-${name}-error` : undefined,
    } as const;
  };
  const errorOf = (name: string) =>
    state.errors[name] ? (
      <p id={`product-${name}-error`} className="form-field__error">
        {state.errors[name]}
      </p>
    ) : null;
  const input = (field: Field) =>
    field.kind === 'boolean' ? (
      <div key={field.name} className="form-field form-field--checkbox">
        <input
          type="checkbox"
          id={`product-${field.name}`}
          name={field.name}
          defaultChecked={values[field.name] === 'on'}
          disabled={!canEdit}
        />
        <label htmlFor={`product-${field.name}`}>{field.label}</label>
        {errorOf(field.name)}
      </div>
    ) : (
      <div key={field.name} className="form-field">
        <label className="form-field__label" htmlFor={`product-${field.name}`}>
          {field.label}
        </label>
        {field.hint && <p className="form-field__hint">{field.hint}</p>}
        <input
          className="form-field__input"
          type="text"
          inputMode={field.kind === 'integer' ? 'numeric' : field.kind === 'decimal' ? 'decimal' : undefined}
          {...fieldProps(field.name)}
        />
        {errorOf(field.name)}
      </div>
    );

  return (
    <form key={state.version} className="admin-form" action={formAction} noValidate>
      {state.message && (
        <p className="admin-notice admin-notice--error" role="alert">
          {state.message}
        </p>
      )}
      <fieldset>
        <legend>Names and descriptions</legend>
        <div className="admin-form__languages">
          {languages.map((language) => {
            const missing =
              !original[nameField(language.code)]?.trim() ||
              !original[descriptionField(language.code)]?.trim();
            return (
              <section
                key={language.code}
                className="admin-form__language"
                aria-labelledby={`language-${language.code}`}
              >
                <h3 id={`language-${language.code}`}>
                  {language.label}
                  {missing && <span className="admin-form__flag">Missing translation</span>}
                </h3>
                <p className="form-field__hint">{language.locales}</p>
                <div className="form-field">
                  <label className="form-field__label" htmlFor={`product-${nameField(language.code)}`}>
                    Name ({language.code})
                  </label>
                  <input
                    className="form-field__input"
                    type="text"
                    maxLength={NAME_MAX}
                    {...fieldProps(nameField(language.code))}
                  />
                  {errorOf(nameField(language.code))}
                </div>
                <div className="form-field">
                  <label className="form-field__label" htmlFor={`product-${descriptionField(language.code)}`}>
                    Description ({language.code})
                  </label>
                  <textarea
                    className="form-field__input"
                    maxLength={DESCRIPTION_MAX}
                    {...fieldProps(descriptionField(language.code))}
                  />
                  {errorOf(descriptionField(language.code))}
                </div>
              </section>
            );
          })}
        </div>
      </fieldset>
      <fieldset>
        <legend>Details</legend>
        <div className="admin-form__grid">{DETAIL_FIELDS.filter((f) => f.kind !== 'boolean').map(input)}</div>
        <div className="admin-form__checks">
          {DETAIL_FIELDS.filter((f) => f.kind === 'boolean').map(input)}
        </div>
      </fieldset>
      <fieldset>
        <legend>Inventory</legend>
        <div className="admin-form__grid">
          {INVENTORY_FIELDS.filter((f) => f.kind !== 'boolean').map(input)}
        </div>
        <div className="admin-form__checks">
          {INVENTORY_FIELDS.filter((f) => f.kind === 'boolean').map(input)}
        </div>
      </fieldset>
      {canEdit && (
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={pending} aria-disabled={pending || undefined}>
            {pending ? 'Saving…' : 'Save changes'}
          </button>
        </div>
      )}
    </form>
  );
}
