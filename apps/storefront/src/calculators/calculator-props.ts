import type { LocaleCode, Region } from '@catalogue/dataset/model';
import type { Translate } from '../i18n/translator';
import { addToProjectSetup } from '../projects/project-texts';
import type { CalculatorProps } from './calculator-island';
import type { CalculatorUiTexts, HeadingLevel } from './calculator-parts';
import { CUSTOM_CONDUCTOR, readConduitFillForm } from './conduit-fill';
import type { CalculatorDefinition } from './definitions';
import { param, type RawParams } from './form-params';
import { readStrutSpanForm } from './strut-span';

export interface CalculatorPanelProps {
  definition: CalculatorDefinition;
  locale: LocaleCode;
  /** The page's region (the projects the add-to-project dialog offers). */
  region: Region;
  /** The calculator page's path in the locale (the form's target). */
  action: string;
  /** The page's query: a submitted form, or nothing for the defaults. */
  params: RawParams;
  t: Translate;
  headingLevel: HeadingLevel;
}

/** The site-wide texts of the calculators from the dictionary. */
export function calculatorUiTexts(t: Translate, locale: LocaleCode, region: Region): CalculatorUiTexts {
  return {
    calculate: t('calculators.calculate'),
    errorsTitle: t('calculators.errorsTitle'),
    result: t('calculators.result'),
    addRowHint: t('calculators.addRowHint'),
    project: {
      quantity: t('calculators.quantity'),
      quantityInvalid: t('calculators.quantityInvalid'),
      setup: addToProjectSetup(t, locale, region),
    },
  };
}

/**
 * A calculator's props, its form filled from the page's query (server-side, so the first HTML already shows
 * the result of a submitted form, JavaScript or not). Shared by the calculator page's `CalculatorPanel`
 * and the family pages' deferred one, which are separate modules so that each page's bundle holds only
 * the client components it renders.
 */
export function calculatorProps({
  definition,
  locale,
  region,
  action,
  params,
  t,
  headingLevel,
}: CalculatorPanelProps): CalculatorProps {
  const ui = calculatorUiTexts(t, locale, region);
  if (definition.kind === 'conduit-fill') {
    const tables = definition.conduitFill;
    const form = readConduitFillForm(params, tables, definition.unitSystem);
    // One empty row more, for adding a conductor size without JavaScript (blank rows are ignored).
    const group = tables.conductors.find((g) => g.unitSystem === form.units) ?? tables.conductors[0];
    const rows =
      form.rows.length < tables.maxRows
        ? [...form.rows, { conductor: group?.sizes[0]?.id ?? CUSTOM_CONDUCTOR, count: '', diameter: '' }]
        : form.rows;
    return {
      definition,
      locale,
      action,
      initialForm: { ...form, rows },
      submitted: param(params, 'type') !== null,
      ui,
      headingLevel,
    };
  }
  return {
    definition,
    locale,
    action,
    initialForm: readStrutSpanForm(params, definition.strutSpan, definition.unitSystem),
    submitted: param(params, 'profile') !== null,
    ui,
    headingLevel,
  };
}
