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
import { type CalculatorDefinition, calculatorText } from './definitions';
import { formatQuantity, unitOf } from './quantities';
import {
  convertStrutSpanForm,
  evaluateStrutSpan,
  type LoadKind,
  readStrutSpanForm,
  type StrutSpanForm,
  type StrutSpanOutcome,
  strutSpanQuery,
} from './strut-span';

type StrutDefinition = Extract<CalculatorDefinition, { kind: 'strut-span' }>;

interface StrutSpanCalculatorProps {
  definition: StrutDefinition;
  locale: string;
  /** The calculator page: the form's GET target without JavaScript, and the URL kept up to date with it. */
  action: string;
  initialForm: StrutSpanForm;
  submitted: boolean;
  ui: CalculatorUiTexts;
  headingLevel: HeadingLevel;
}

/**
 * The strut span/load form and its result in the visitor's unit system. A GET form to the calculator page
 * without JavaScript; with it, computed in the browser, the page's URL following the inputs.
 */
export function StrutSpanCalculator({
  definition,
  locale,
  action,
  initialForm,
  submitted,
  ui,
  headingLevel,
}: StrutSpanCalculatorProps) {
  const tables = definition.strutSpan;
  const texts = definition.texts;
  const prefix = useId().replace(/:/g, '');
  const { system } = useUnitSystem();
  const [form, setForm] = useState(() => convertStrutSpanForm(initialForm, system));
  const [outcome, setOutcome] = useState<StrutSpanOutcome | null>(() =>
    submitted ? evaluateStrutSpan(convertStrutSpanForm(initialForm, system), tables, locale) : null,
  );
  const summary = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (form.units === system) return;
    const converted = convertStrutSpanForm(form, system);
    setForm(converted);
    setOutcome((previous) => previous && evaluateStrutSpan(converted, tables, locale));
  }, [system, form, tables, locale]);

  const errors = outcome && !outcome.ok ? outcome.errors : [];
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = evaluateStrutSpan(form, tables, locale);
    setOutcome(next);
    if (window.location.pathname === action)
      window.history.replaceState(null, '', `${action}?${strutSpanQuery(form).toString()}`);
    if (!next.ok) requestAnimationFrame(() => summary.current?.focus());
  };
  const loadDimension = form.kind === 'uniform' ? 'uniformLoad' : 'pointLoad';

  return (
    <div className="calculator">
      <form className="calculator__form" method="get" action={action} onSubmit={submit} noValidate>
        <input type="hidden" name="units" value={form.units} />
        <div className="calculator__fields">
          <div className="form-field form-field--wide">
            <label className="form-field__label" htmlFor={`${prefix}-profile`}>
              {calculatorText(texts, 'profile')}
            </label>
            <select
              id={`${prefix}-profile`}
              className="form-field__input"
              name="profile"
              value={form.profile}
              onChange={(event) => setForm({ ...form, profile: event.target.value })}
              {...fieldState(prefix, 'profile', errors)}
            >
              {tables.profiles.map((profile) => (
                <option key={profile.id} value={profile.id}>
                  {profile.label}
                </option>
              ))}
            </select>
          </div>
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${prefix}-span`}>
              {calculatorText(texts, 'span', { unit: unitOf('span', form.units) })}
            </label>
            <input
              id={`${prefix}-span`}
              className="form-field__input"
              name="span"
              type="text"
              inputMode="decimal"
              value={form.span}
              onChange={(event) => setForm({ ...form, span: event.target.value })}
              {...fieldState(prefix, 'span', errors)}
            />
          </div>
        </div>
        <fieldset className="calculator__choice">
          <legend>{calculatorText(texts, 'loadKind')}</legend>
          {(['uniform', 'point'] as const).map((kind: LoadKind) => (
            <label key={kind} className="calculator__radio">
              <input
                type="radio"
                name="kind"
                value={kind}
                checked={form.kind === kind}
                onChange={() => setForm({ ...form, kind })}
              />
              {calculatorText(texts, kind)}
            </label>
          ))}
        </fieldset>
        <div className="calculator__fields">
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${prefix}-load`}>
              {calculatorText(texts, form.kind === 'uniform' ? 'uniformLoad' : 'pointLoad', {
                unit: unitOf(loadDimension, form.units),
              })}
            </label>
            <input
              id={`${prefix}-load`}
              className="form-field__input"
              name="load"
              type="text"
              inputMode="decimal"
              value={form.load}
              onChange={(event) => setForm({ ...form, load: event.target.value })}
              {...fieldState(prefix, 'load', errors)}
            />
          </div>
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${prefix}-limit`}>
              {calculatorText(texts, 'deflectionLimit')}
            </label>
            <select
              id={`${prefix}-limit`}
              className="form-field__input"
              name="limit"
              value={form.limit}
              onChange={(event) => setForm({ ...form, limit: event.target.value })}
              {...fieldState(prefix, 'limit', errors)}
            >
              {tables.deflectionLimits.map((ratio) => (
                <option key={ratio} value={String(ratio)}>
                  L/{ratio}
                </option>
              ))}
            </select>
          </div>
        </div>
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
          <StrutSpanResultView
            result={outcome.result}
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

function StrutSpanResultView({
  result,
  definition,
  locale,
  units,
  ui,
  level,
}: {
  result: Extract<StrutSpanOutcome, { ok: true }>['result'];
  definition: StrutDefinition;
  locale: string;
  units: 'metric' | 'imperial';
  ui: CalculatorUiTexts;
  level: HeadingLevel;
}) {
  const texts = definition.texts;
  const { check, lightest, loadCase } = result;
  const q = (dimension: Parameters<typeof formatQuantity>[0], value: number) =>
    formatQuantity(dimension, value, units, locale);
  const allowable = q('stress', definition.strutSpan.allowableStressMpa);
  const chosenLimit = check.limits.find((l) => l.ratio === loadCase.limit);
  const reasons: string[] = [];
  if (!check.stressOk)
    reasons.push(
      calculatorText(texts, 'stressExceeded', { stress: q('stress', check.stressMpa), allowable }),
    );
  if (!check.deflectionOk && chosenLimit)
    reasons.push(
      calculatorText(texts, 'deflectionExceeded', {
        deflection: q('small', check.deflectionMm),
        ratio: chosenLimit.ratio,
        limit: q('small', chosenLimit.limitMm),
      }),
    );
  return (
    <section className="calculator__result" data-result="strut-span">
      <Heading level={level} className="calculator__result-title">
        {ui.result}: {check.profile.label}
      </Heading>
      <dl className="calculator__figures">
        <dt>{calculatorText(texts, 'moment')}</dt>
        <dd data-figure="moment">{q('moment', check.momentNmm)}</dd>
        <dt>{calculatorText(texts, 'stress')}</dt>
        <dd data-figure="stress">{q('stress', check.stressMpa)}</dd>
        <dt>{calculatorText(texts, 'allowableStress')}</dt>
        <dd data-figure="allowable-stress">{allowable}</dd>
        <dt>{calculatorText(texts, 'deflection')}</dt>
        <dd data-figure="deflection">{q('small', check.deflectionMm)}</dd>
        <dt>{calculatorText(texts, 'allowableLoad', { ratio: loadCase.limit })}</dt>
        <dd data-figure="allowable-load">
          {check.allowableUniformKgPerM > 0
            ? q('uniformLoad', check.allowableUniformKgPerM)
            : calculatorText(texts, 'selfWeightOnly')}
        </dd>
      </dl>
      <p className="calculator__note">{calculatorText(texts, 'selfWeight')}</p>
      <table className="calculator__limits">
        <caption>{calculatorText(texts, 'limitsTitle')}</caption>
        <tbody>
          {check.limits.map((limit) => (
            <tr key={limit.ratio} data-limit={limit.ratio}>
              <th scope="row">
                {calculatorText(texts, 'limitRow', { ratio: limit.ratio, limit: q('small', limit.limitMm) })}
              </th>
              <td>{calculatorText(texts, limit.within ? 'within' : 'exceeded')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div
        className={`calculator__verdict calculator__verdict--${check.passes ? 'pass' : 'fail'}`}
        data-verdict={check.passes ? 'pass' : 'fail'}
      >
        <p>{calculatorText(texts, check.passes ? 'passes' : 'fails')}</p>
        {reasons.length > 0 && (
          <ul>
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="calculator__product">
        <Heading level={level} className="calculator__product-title">
          {calculatorText(texts, 'lightest')}
        </Heading>
        {lightest ? (
          <>
            <p>
              {lightest.profile.label}:{' '}
              <strong data-sku={lightest.profile.sku}>{lightest.profile.sku}</strong> (
              {q('uniformLoad', lightest.profile.weightKgPerM)})
            </p>
            <AddToProject sku={lightest.profile.sku} source={definition.id} texts={ui.project} />
          </>
        ) : (
          <p data-none="true">{calculatorText(texts, 'noneCarries')}</p>
        )}
      </div>
    </section>
  );
}

/** For `CalculatorIsland`: the component, and its form read back from the fields of the server's HTML. */
export const strutSpanCalculator: LoadedCalculator = {
  Calculator: StrutSpanCalculator as (props: CalculatorProps) => ReturnType<typeof StrutSpanCalculator>,
  formOf: (fields, definition) => {
    if (definition.kind !== 'strut-span') throw new Error(`not a strut span calculator: ${definition.id}`);
    return readStrutSpanForm(fields, definition.strutSpan, definition.unitSystem);
  },
};
