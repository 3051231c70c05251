'use client';

import { type ComponentType, lazy, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useUnitSystem } from '../units/unit-preference';
import type { CalculatorUiTexts, HeadingLevel } from './calculator-parts';
import type { ConduitFillForm } from './conduit-fill';
import type { CalculatorDefinition } from './definitions';
import type { RawParams } from './form-params';
import type { StrutSpanForm } from './strut-span';

type Form = ConduitFillForm | StrutSpanForm;

/** The props every calculator component takes (`ConduitFillCalculator`, `StrutSpanCalculator`). */
export interface CalculatorProps {
  definition: CalculatorDefinition;
  locale: string;
  action: string;
  initialForm: Form;
  submitted: boolean;
  ui: CalculatorUiTexts;
  headingLevel: HeadingLevel;
}

/** What a calculator's module gives the island: its component and how to read its form's fields. */
export interface LoadedCalculator {
  Calculator: ComponentType<CalculatorProps>;
  formOf: (fields: RawParams, definition: CalculatorDefinition) => Form;
}

const modules: Record<CalculatorDefinition['kind'], () => Promise<LoadedCalculator>> = {
  'conduit-fill': () => import('./conduit-fill-calculator').then((module) => module.conduitFillCalculator),
  'strut-span': () => import('./strut-span-calculator').then((module) => module.strutSpanCalculator),
};

// The server renders the real calculator into the page (one suspension per process, while the module loads).
const serverCalculators = {
  'conduit-fill': lazy(() => modules['conduit-fill']().then((m) => ({ default: m.Calculator }))),
  'strut-span': lazy(() => modules['strut-span']().then((m) => ({ default: m.Calculator }))),
};

interface Active {
  Calculator: ComponentType<CalculatorProps>;
  form: Form;
  /** Where the focus was in the server-rendered form, and a button press or submission to replay. */
  focus: string | null;
  click: string | null;
  submit: boolean;
}

/**
 * A calculator on family pages whose code loads at first use. The server renders the calculator as
 * usual (a GET form, so it works without JavaScript); in the browser the island keeps that HTML as it is
 * (`dangerouslySetInnerHTML` is not hydrated) until the visitor points at it, focuses a field or submits,
 * then loads the calculator's module and renders it with the fields as they are by then, puts the focus
 * back where it was and replays a pressed button or a submission. It loads at once when the visitor's unit
 * system differs from the form's (the calculator converts it) and when it was rendered in the browser
 * (client-side navigation: there is no server HTML to keep). A failed load leaves the plain form, and a
 * submission waiting for it goes to the server.
 */
export function CalculatorIsland(props: CalculatorProps) {
  const { system } = useUnitSystem();
  const [active, setActive] = useState<Active | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const { definition, initialForm } = props;

  useEffect(() => {
    const element = box.current;
    if (!element || active) return;
    let state: 'idle' | 'loading' | 'failed' = 'idle';
    let click: string | null = null;
    let submit = false;
    const activate = () => {
      if (state !== 'idle') return;
      state = 'loading';
      modules[definition.kind]().then(
        ({ Calculator, formOf }) => {
          const form = element.querySelector('form');
          const fields = form ? (Object.fromEntries(new FormData(form)) as Record<string, string>) : {};
          setActive({
            Calculator,
            form: form ? formOf(fields, definition) : initialForm,
            focus: element.contains(document.activeElement)
              ? controlKey(element, document.activeElement)
              : null,
            click,
            submit,
          });
        },
        () => {
          state = 'failed';
          if (submit) element.querySelector('form')?.submit();
        },
      );
    };
    const onClick = (event: MouseEvent) => {
      const button = event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
      if (!button || state === 'failed') return;
      event.preventDefault();
      click = controlKey(element, button);
      activate();
    };
    const onSubmit = (event: SubmitEvent) => {
      if (state === 'failed') return;
      event.preventDefault();
      submit = true;
      activate();
    };
    if (element.childElementCount === 0 || system !== initialForm.units) activate();
    element.addEventListener('pointerover', activate);
    element.addEventListener('focusin', activate);
    element.addEventListener('click', onClick);
    element.addEventListener('submit', onSubmit);
    return () => {
      element.removeEventListener('pointerover', activate);
      element.removeEventListener('focusin', activate);
      element.removeEventListener('click', onClick);
      element.removeEventListener('submit', onSubmit);
    };
  }, [active, definition, initialForm, system]);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element || !active) return;
    if (active.focus) findControl(element, active.focus)?.focus();
    if (active.click) findControl(element, active.click)?.click();
    if (active.submit) element.querySelector('form')?.requestSubmit();
  }, [active]);

  if (active) {
    const { Calculator } = active;
    return (
      <div key="active" ref={box} className="calculator-island">
        <Calculator {...props} initialForm={active.form} />
      </div>
    );
  }
  if (typeof window === 'undefined') {
    const Calculator = serverCalculators[definition.kind] as ComponentType<CalculatorProps>;
    return (
      <div key="static" ref={box} className="calculator-island">
        <Calculator {...props} />
      </div>
    );
  }
  return (
    <div
      key="static"
      ref={box}
      className="calculator-island"
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string, so that React keeps the server's HTML.
      dangerouslySetInnerHTML={{ __html: '' }}
    />
  );
}

/** Names a form control so that the same control can be found in the calculator once it is rendered. */
function controlKey(root: Element, control: Element | null): string | null {
  if (!(control instanceof HTMLElement)) return null;
  const name = control.getAttribute('name');
  if (name) {
    const value = control instanceof HTMLInputElement && control.type === 'radio' ? control.value : null;
    return value === null
      ? `[name="${CSS.escape(name)}"]`
      : `[name="${CSS.escape(name)}"][value="${CSS.escape(value)}"]`;
  }
  if (control instanceof HTMLButtonElement && control.type === 'submit') return 'button[type="submit"]';
  // Other buttons (add or remove a row) by their place from the end: rows before them may change.
  const buttons = [...root.querySelectorAll('button')];
  const index = buttons.indexOf(control as HTMLButtonElement);
  return index < 0 ? null : `button:${buttons.length - index}`;
}

function findControl(root: Element, key: string): HTMLElement | null {
  const fromEnd = /^button:(\d+)$/.exec(key);
  if (fromEnd) {
    const buttons = [...root.querySelectorAll('button')];
    return buttons[buttons.length - Number(fromEnd[1])] ?? null;
  }
  return root.querySelector<HTMLElement>(key);
}
