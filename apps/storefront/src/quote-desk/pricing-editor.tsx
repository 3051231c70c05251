'use client';

import { useActionState, useMemo, useState } from 'react';
import { type DeskFormState, idleState } from './desk-form-state';
import type { PricingTexts } from './desk-texts';
import { describedBy } from './field-ids';
import { lineField, normalAmount, WAS } from './pricing-form';
import { formatMoney, type LineInput, lineTotal, parseAmount, quoteTotals, unitPrice } from './quote-money';
import { SubstitutePicker } from './substitute-picker';

export interface PricingLineView {
  id: string;
  productId: string;
  productName: string;
  quantity: number;
  listUnitPrice: number;
  /** "from 100" for the break the list price started from, or null. */
  breakQuantity: number | null;
  substituteName: string | null;
  /** The form's values as rendered (discount, net, lead, sub, note). */
  values: Record<'discount' | 'net' | 'lead' | 'sub' | 'note', string>;
}

export interface PricingHeaderView {
  assignee: string;
  freight: string;
  validUntil: string;
  terms: string;
  internalNote: string;
}

/**
 * The quote's pricing form (issue 23 item 4): the terms of the quote and every line's price, lead time,
 * substitute and note, saved in one go through a server action (works without JavaScript). While the rep
 * types, unit prices, line totals and the totals are computed as the commerce service computes them
 * (`quote-money.ts`); after a save the page shows the service's figures, which are the truth.
 */
export function PricingEditor({
  action,
  actionKey,
  lines,
  header,
  reps,
  currency,
  language,
  today,
  editable,
  texts,
}: {
  action: (previous: DeskFormState, form: FormData) => Promise<DeskFormState>;
  actionKey: string;
  lines: PricingLineView[];
  header: PricingHeaderView;
  reps: { id: string; label: string }[];
  currency: string;
  language: string;
  today: string;
  editable: boolean;
  texts: PricingTexts;
}) {
  const [state, formAction, pending] = useActionState(action, idleState(actionKey));
  const rendered = useMemo(() => {
    const values: Record<string, string> = { ...header };
    for (const line of lines)
      for (const [field, value] of Object.entries(line.values))
        values[lineField(line.id, field as keyof PricingLineView['values'])] = value;
    return values;
  }, [header, lines]);
  // What a refused submission held wins over what the page was rendered with (also without JavaScript).
  const [values, setValues] = useState<Record<string, string>>(() => ({
    ...rendered,
    ...pickTyped(state.values, rendered),
  }));
  const value = (name: string) => values[name] ?? '';
  const set = (name: string) => (next: string) => setValues((old) => ({ ...old, [name]: next }));

  const inputs = lines.map((line): LineInput => {
    const discount = parseAmount(normalAmount(value(lineField(line.id, 'discount'))));
    const net = parseAmount(normalAmount(value(lineField(line.id, 'net'))));
    return {
      listUnitPrice: parseAmount(line.listUnitPrice) ?? 0n,
      quantity: line.quantity,
      discountPercent:
        net === null && discount !== null && discount >= 0n && discount <= 1_000_000n ? discount : null,
      netPrice: net !== null && net >= 0n ? net : null,
    };
  });
  const totals = quoteTotals(inputs, parseAmount(normalAmount(value('freight')) || '0') ?? 0n);
  const money = (amount: bigint | number, unit = false) => formatMoney(amount, currency, language, unit);
  const error = (name: string) => state.errors[name];

  return (
    <form id="pricing-form" className="desk-pricing" action={formAction} noValidate>
      <input type="hidden" name="key" value={state.key} />
      <input type="hidden" name="lines" value={lines.map((l) => l.id).join(',')} />
      {Object.entries(rendered).map(([name, was]) => (
        <input key={name} type="hidden" name={`${WAS}${name}`} value={was} />
      ))}
      <fieldset className="desk-pricing__set" disabled={!editable}>
        {!editable && <p className="desk-pricing__readonly">{texts.readOnly}</p>}
        <fieldset className="panel desk-terms">
          <legend className="desk-legend">{texts.headerLegend}</legend>
          <div className="desk-terms__grid">
            <Field id="desk-assignee" label={texts.assignee} error={error('assignee')}>
              <select
                id="desk-assignee"
                name="assignee"
                className="form-field__input"
                value={value('assignee')}
                onChange={(e) => set('assignee')(e.target.value)}
              >
                <option value="">{texts.nobody}</option>
                {reps.map((rep) => (
                  <option key={rep.id} value={rep.id}>
                    {rep.label}
                  </option>
                ))}
              </select>
            </Field>
            <TextInput
              name="freight"
              id="desk-freight"
              label={texts.freight}
              value={value('freight')}
              onChange={set('freight')}
              error={error('freight')}
              inputMode="decimal"
            />
            <TextInput
              name="validUntil"
              id="desk-valid-until"
              label={texts.validUntil}
              hint={texts.validUntilHint}
              type="date"
              min={today}
              value={value('validUntil')}
              onChange={set('validUntil')}
              error={error('validUntil')}
            />
          </div>
          <TextArea
            name="terms"
            id="desk-terms"
            label={texts.terms}
            value={value('terms')}
            onChange={set('terms')}
            error={error('terms')}
            maxLength={4000}
          />
          <TextArea
            name="internalNote"
            id="desk-internal-note"
            label={texts.internalNote}
            hint={texts.internalNoteHint}
            value={value('internalNote')}
            onChange={set('internalNote')}
            error={error('internalNote')}
            maxLength={4000}
            className="desk-internal"
          />
        </fieldset>

        <h2 className="section__title" id="desk-lines-title">
          {texts.linesTitle} ({lines.length})
        </h2>
        <p className="form-field__hint">{texts.priceHint}</p>
        <ol className="desk-lines" aria-labelledby="desk-lines-title">
          {lines.map((line, index) => {
            const input = inputs[index] as LineInput;
            const name = (field: keyof PricingLineView['values']) => lineField(line.id, field);
            const idOf = (field: string) => `desk-${index}-${field}`;
            return (
              <li key={line.id} className="desk-line" data-line-id={line.id}>
                <fieldset className="panel desk-line__set">
                  <legend className="desk-legend">
                    {line.productName} <span className="desk-line__number">{line.productId}</span>
                  </legend>
                  <dl className="desk-line__facts">
                    <div>
                      <dt>{texts.quantity}</dt>
                      <dd className="sku-table__number">{line.quantity}</dd>
                    </div>
                    <div>
                      <dt>{texts.listPrice}</dt>
                      <dd className="sku-table__number">
                        {money(line.listUnitPrice, true)}
                        {line.breakQuantity !== null && (
                          <span className="desk-line__break">
                            {' '}
                            {texts.breakFrom.replace('{quantity}', String(line.breakQuantity))}
                          </span>
                        )}
                      </dd>
                    </div>
                    <div>
                      <dt>{texts.unitPrice}</dt>
                      <dd className="sku-table__number" data-live="unit">
                        {money(unitPrice(input), true)}
                      </dd>
                    </div>
                    <div>
                      <dt>{texts.lineTotal}</dt>
                      <dd className="sku-table__number" data-live="line-total">
                        {money(lineTotal(input))}
                      </dd>
                    </div>
                  </dl>
                  <div className="desk-line__fields">
                    <TextInput
                      name={name('discount')}
                      id={idOf('discount')}
                      label={texts.discount}
                      value={value(name('discount'))}
                      onChange={set(name('discount'))}
                      error={error(name('discount'))}
                      inputMode="decimal"
                      narrow
                    />
                    <TextInput
                      name={name('net')}
                      id={idOf('net')}
                      label={texts.net}
                      value={value(name('net'))}
                      onChange={set(name('net'))}
                      error={error(name('net'))}
                      inputMode="decimal"
                      narrow
                    />
                    <TextInput
                      name={name('lead')}
                      id={idOf('lead')}
                      label={texts.lead}
                      value={value(name('lead'))}
                      onChange={set(name('lead'))}
                      error={error(name('lead'))}
                      inputMode="numeric"
                      narrow
                    />
                    <SubstitutePicker
                      id={idOf('sub')}
                      name={name('sub')}
                      label={texts.substitute}
                      hint={texts.substituteHint}
                      value={value(name('sub'))}
                      onChange={set(name('sub'))}
                      error={error(name('sub'))}
                      savedName={
                        line.values.sub && line.values.sub === value(name('sub')) ? line.substituteName : null
                      }
                      texts={texts}
                    />
                    <TextInput
                      name={name('note')}
                      id={idOf('note')}
                      label={texts.note}
                      value={value(name('note'))}
                      onChange={set(name('note'))}
                      error={error(name('note'))}
                      wide
                    />
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>

        <section className="panel desk-totals" aria-labelledby="desk-totals-title">
          <h2 className="section__title" id="desk-totals-title">
            {texts.totalsTitle}
          </h2>
          <dl className="desk-totals__list" aria-live="polite">
            <dt>{texts.listSubtotal}</dt>
            <dd data-total="list">{money(totals.listSubtotal)}</dd>
            <dt>{texts.discountTotal}</dt>
            <dd data-total="discount">{money(totals.discount)}</dd>
            <dt>{texts.subtotal}</dt>
            <dd data-total="subtotal">{money(totals.subtotal)}</dd>
            <dt>{texts.freight}</dt>
            <dd data-total="freight">{money(totals.freight)}</dd>
            <dt className="desk-totals__grand">{texts.total}</dt>
            <dd className="desk-totals__grand" data-total="total">
              {money(totals.total)}
            </dd>
          </dl>
          <p className="form-field__hint">{texts.totalsHint}</p>
        </section>
        {editable && (
          <div className="desk-form__actions desk-pricing__save">
            <button type="submit" className="button" disabled={pending}>
              {pending ? texts.saving : texts.save}
            </button>
            <p className="form-field__error desk-form__message" role="alert">
              {state.status === 'refused' ? state.message : ''}
            </p>
          </div>
        )}
      </fieldset>
    </form>
  );
}

/** The refused submission's values for the form's own fields (never the hidden ones). */
function pickTyped(typed: Record<string, string>, rendered: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(typed).filter(([name]) => Object.hasOwn(rendered, name)));
}

function Field({
  id,
  label,
  hint,
  error,
  children,
  className,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: React.ReactNode;
  className?: string | undefined;
}) {
  return (
    <div className={`form-field ${className ?? ''}`}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

function TextInput({
  id,
  name,
  label,
  hint,
  value,
  onChange,
  error,
  type = 'text',
  inputMode,
  min,
  narrow,
  wide,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  type?: string;
  inputMode?: 'decimal' | 'numeric';
  min?: string;
  narrow?: boolean;
  wide?: boolean;
}) {
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      className={narrow ? 'desk-field--narrow' : wide ? 'desk-field--wide' : undefined}
    >
      <input
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        min={min}
        className="form-field__input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        autoComplete="off"
      />
    </Field>
  );
}

function TextArea({
  id,
  name,
  label,
  hint,
  value,
  onChange,
  error,
  maxLength,
  className,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  maxLength: number;
  className?: string;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <textarea
        id={id}
        name={name}
        rows={3}
        maxLength={maxLength}
        className="form-field__input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
    </Field>
  );
}
