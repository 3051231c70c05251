import { type CalculatorPanelProps, calculatorProps } from './calculator-props';
import type { ConduitFillForm } from './conduit-fill';
import { ConduitFillCalculator } from './conduit-fill-calculator';
import type { StrutSpanForm } from './strut-span';
import { StrutSpanCalculator } from './strut-span-calculator';

/** A calculator with its code in the page's bundle: the calculator's own page. */
export function CalculatorPanel(panel: CalculatorPanelProps) {
  const { definition, initialForm, ...props } = calculatorProps(panel);
  return definition.kind === 'conduit-fill' ? (
    <ConduitFillCalculator definition={definition} initialForm={initialForm as ConduitFillForm} {...props} />
  ) : (
    <StrutSpanCalculator definition={definition} initialForm={initialForm as StrutSpanForm} {...props} />
  );
}
