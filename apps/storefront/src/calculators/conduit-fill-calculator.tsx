'use client';

import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useUnitSystem } from '../units/unit-preference';
import { AddToProject } from './add-to-project';
import type { CalculatorProps, LoadedCalculator } from './calculator-island';
import {
  type CalculatorUiTexts,
  ErrorSummary,
  fieldState,
  Heading,
  type HeadingLevel,
} from './calculator-parts';
import {
  type ConduitFillForm,
  type ConduitFillOutcome,
  type ConduitFillRow,
  CUSTOM_CONDUCTOR,
  conduitFillQuery,
  convertConduitFillForm,
  evaluateConduitFill,
  readConduitFillForm,
} from './conduit-fill';
import { type CalculatorDefinition, calculatorText } from './definitions';
import { formatPercent, formatQuantity, unitOf } from './quantities';

type ConduitDefinition = Extract<CalculatorDefinition, { kind: 'conduit-fill' }>;

interface ConduitFillCalculatorProps {
  definition: ConduitDefinition;
  locale: string;
  /** The calculator page: the form's GET target without JavaScript, and the URL kept up to date with it. */
  action: string;
  initialForm: ConduitFillForm;
  /** Whether the form came from a submission (then its outcome is shown at once). */
  submitted: boolean;
  ui: CalculatorUiTexts;
  headingLevel: HeadingLevel;
}

const blankRow = (conductor: string): ConduitFillRow => ({ conductor, count: '', diameter: '' });
const isBlank = (row: ConduitFillRow) => row.count.trim() === '' && row.diameter.trim() === '';

/**
 * The conduit fill form and its result. Without JavaScript it is a GET form to the calculator page (which
 * computes on the server) with one empty row to add a conductor size; with it, rows are added and removed
 * in place, the result is computed in the browser and the page's URL keeps the inputs for sharing.
 */
export function ConduitFillCalculator({
  definition,
  locale,
  action,
  initialForm,
  submitted,
  ui,
  headingLevel,
}: ConduitFillCalculatorProps) {
  const tables = definition.conduitFill;
  const texts = definition.texts;
  const prefix = useId().replace(/:/g, '');
  const { system } = useUnitSystem();
  const [form, setForm] = useState(() => convertConduitFillForm(initialForm, system));
  const [outcome, setOutcome] = useState<ConduitFillOutcome | null>(() =>
    submitted ? evaluateConduitFill(convertConduitFillForm(initialForm, system), tables, locale) : null,
  );
  const [hydrated, setHydrated] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const firstConductor =
    tables.conductors.find((g) => g.unitSystem === system)?.sizes[0]?.id ?? CUSTOM_CONDUCTOR;

  useEffect(() => {
    setHydrated(true);
    // The empty row for adding a size without JavaScript; the add button replaces it.
    setForm((current) => {
      const rows = current.rows.filter((row, i) => i === 0 || !isBlank(row));
      return rows.length === current.rows.length ? current : { ...current, rows };
    });
  }, []);

  useEffect(() => {
    if (form.units === system) return;
    const converted = convertConduitFillForm(form, system);
    setForm(converted);
    setOutcome((previous) => previous && evaluateConduitFill(converted, tables, locale));
  }, [system, form, tables, locale]);

  const type = tables.conduitTypes.find((t) => t.id === form.type) ?? tables.conduitTypes[0];
  const errors = outcome && !outcome.ok ? outcome.errors : [];
  const setRow = (index: number, change: Partial<ConduitFillRow>) =>
    setForm({ ...form, rows: form.rows.map((row, i) => (i === index ? { ...row, ...change } : row)) });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = evaluateConduitFill(form, tables, locale);
    setOutcome(next);
    if (window.location.pathname === action)
      window.history.replaceState(null, '', `${action}?${conduitFillQuery(form).toString()}`);
    if (!next.ok) requestAnimationFrame(() => summary.current?.focus());
  };

  const diameterUnit = unitOf('small', form.units);
  return (
    <div className="calculator">
      <form className="calculator__form" method="get" action={action} onSubmit={submit} noValidate>
        <input type="hidden" name="units" value={form.units} />
        <div className="calculator__fields">
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${prefix}-type`}>
              {calculatorText(texts, 'conduitType')}
            </label>
            <select
              id={`${prefix}-type`}
              className="form-field__input"
              name="type"
              value={form.type}
              onChange={(event) => {
                const next = tables.conduitTypes.find((t) => t.id === event.target.value);
                const keeps = next?.sizes.some((s) => s.tradeSize === form.size);
                setForm({
                  ...form,
                  type: event.target.value,
                  size: keeps ? form.size : (next?.sizes[0]?.tradeSize ?? ''),
                });
              }}
              {...fieldState(prefix, 'type', errors)}
            >
              {tables.conduitTypes.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label}
                </option>
              ))}
            </select>
          </div>
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${prefix}-size`}>
              {calculatorText(texts, 'tradeSize')}
            </label>
            <select
              id={`${prefix}-size`}
              className="form-field__input"
              name="size"
              value={form.size}
              onChange={(event) => setForm({ ...form, size: event.target.value })}
              {...fieldState(prefix, 'size', errors)}
            >
              {(type?.sizes ?? []).map((s) => (
                <option key={s.tradeSize} value={s.tradeSize}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <fieldset className="calculator__conductors">
          <legend>{calculatorText(texts, 'conductors')}</legend>
          {form.rows.map((row, i) => {
            const n = i + 1;
            const rowLabel = calculatorText(texts, 'conductor', { row: n });
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are numbered by position, as their field names are
              <fieldset key={i} className="calculator__row">
                <legend>{rowLabel}</legend>
                <div className="form-field">
                  <label className="form-field__label" htmlFor={`${prefix}-c${n}`}>
                    {calculatorText(texts, 'conductorSize')}
                  </label>
                  <select
                    id={`${prefix}-c${n}`}
                    className="form-field__input"
                    name={`c${n}`}
                    value={row.conductor}
                    onChange={(event) => setRow(i, { conductor: event.target.value })}
                    {...fieldState(prefix, `c${n}`, errors)}
                  >
                    {[...tables.conductors]
                      .sort((a, b) => Number(b.unitSystem === system) - Number(a.unitSystem === system))
                      .map((group) => (
                        <optgroup key={group.id} label={group.label}>
                          {group.sizes.map((size) => (
                            <option key={size.id} value={size.id}>
                              {`${size.label} ${group.label}`}
                            </option>
                          ))}
                        </optgroup>
                      ))}
                    <option value={CUSTOM_CONDUCTOR}>{calculatorText(texts, 'customOption')}</option>
                  </select>
                </div>
                <div className="form-field form-field--narrow">
                  <label className="form-field__label" htmlFor={`${prefix}-n${n}`}>
                    {calculatorText(texts, 'count')}
                  </label>
                  <input
                    id={`${prefix}-n${n}`}
                    className="form-field__input"
                    name={`n${n}`}
                    type="text"
                    inputMode="numeric"
                    value={row.count}
                    onChange={(event) => setRow(i, { count: event.target.value })}
                    {...fieldState(prefix, `n${n}`, errors)}
                  />
                </div>
                {(!hydrated || row.conductor === CUSTOM_CONDUCTOR) && (
                  <div className="form-field form-field--narrow">
                    <label className="form-field__label" htmlFor={`${prefix}-d${n}`}>
                      {calculatorText(texts, 'customDiameter', { unit: diameterUnit })}
                    </label>
                    <input
                      id={`${prefix}-d${n}`}
                      className="form-field__input"
                      name={`d${n}`}
                      type="text"
                      inputMode="decimal"
                      value={row.diameter}
                      onChange={(event) => setRow(i, { diameter: event.target.value })}
                      {...fieldState(prefix, `d${n}`, errors)}
                    />
                  </div>
                )}
                {hydrated && form.rows.length > 1 && (
                  <button
                    type="button"
                    className="button button--secondary calculator__remove"
                    onClick={() => setForm({ ...form, rows: form.rows.filter((_, j) => j !== i) })}
                  >
                    {calculatorText(texts, 'removeRow', { row: n })}
                  </button>
                )}
              </fieldset>
            );
          })}
          {!hydrated && <p className="calculator__hint">{ui.addRowHint}</p>}
          {hydrated && form.rows.length < tables.maxRows && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() =>
                setForm({ ...form, rows: [...form.rows, { ...blankRow(firstConductor), count: '1' }] })
              }
            >
              {calculatorText(texts, 'addRow')}
            </button>
          )}
        </fieldset>
        <button type="submit" className="button calculator__submit">
          {ui.calculate}
        </button>
      </form>
      <div className="calculator__outcome" aria-live="polite">
        {outcome && !outcome.ok && (
          <ErrorSummary
            prefix={prefix}
            errors={outcome.errors}
            texts={texts}
            title={ui.errorsTitle}
            level={headingLevel}
            summaryRef={summary}
          />
        )}
        {outcome?.ok && (
          <ConduitFillResultView
            outcome={outcome.result}
            definition={definition}
            locale={locale}
            units={form.units}
            ui={ui}
            level={headingLevel}
          />
        )}
      </div>
    </div>
  );
}

function ConduitFillResultView({
  outcome: result,
  definition,
  locale,
  units,
  ui,
  level,
}: {
  outcome: Extract<ConduitFillOutcome, { ok: true }>['result'];
  definition: ConduitDefinition;
  locale: string;
  units: 'metric' | 'imperial';
  ui: CalculatorUiTexts;
  level: HeadingLevel;
}) {
  const texts = definition.texts;
  const fill = formatPercent(result.fillPercent, locale);
  const limit = formatPercent(result.limitPercent, locale);
  const area = (mm2: number) => formatQuantity('area', mm2, units, locale);
  return (
    <section className="calculator__result" data-result="conduit-fill">
      <Heading level={level} className="calculator__result-title">
        {ui.result}: {result.type.label} {result.size.label}
      </Heading>
      <dl className="calculator__figures">
        <dt>{calculatorText(texts, 'conductorCount')}</dt>
        <dd data-figure="conductors">{result.conductorCount}</dd>
        <dt>{calculatorText(texts, 'totalArea')}</dt>
        <dd data-figure="total-area">{area(result.totalAreaMm2)}</dd>
        <dt>{calculatorText(texts, 'conduitArea')}</dt>
        <dd data-figure="conduit-area">{area(result.conduitAreaMm2)}</dd>
        <dt>{calculatorText(texts, 'fill')}</dt>
        <dd data-figure="fill">{fill}</dd>
        <dt>{calculatorText(texts, 'limit')}</dt>
        <dd data-figure="limit">{limit}</dd>
      </dl>
      <p
        className={`calculator__verdict calculator__verdict--${result.passes ? 'pass' : 'fail'}`}
        data-verdict={result.passes ? 'pass' : 'fail'}
      >
        {calculatorText(texts, result.passes ? 'passes' : 'fails', { fill, limit })}
      </p>
      <div className="calculator__product">
        <Heading level={level} className="calculator__product-title">
          {calculatorText(texts, 'smallest')}
        </Heading>
        {result.smallest ? (
          <>
            <p>
              {result.type.label} {result.smallest.label}:{' '}
              <strong data-sku={result.smallest.sku}>{result.smallest.sku}</strong> (
              {calculatorText(texts, 'fill')} {formatPercent(result.smallest.fillPercent, locale)})
            </p>
            <AddToProject sku={result.smallest.sku} source={definition.id} texts={ui.project} />
          </>
        ) : (
          <p data-none="true">{calculatorText(texts, 'noneFits')}</p>
        )}
      </div>
    </section>
  );
}

/** For `CalculatorIsland`: the component, and its form read back from the fields of the server's HTML. */
export const conduitFillCalculator: LoadedCalculator = {
  Calculator: ConduitFillCalculator as (props: CalculatorProps) => ReturnType<typeof ConduitFillCalculator>,
  formOf: (fields, definition) => {
    if (definition.kind !== 'conduit-fill')
      throw new Error(`not a conduit fill calculator: ${definition.id}`);
    return readConduitFillForm(fields, definition.conduitFill, definition.unitSystem);
  },
};
