import type { ReactNode, RefObject } from 'react';
import type { AddToProjectTexts } from './add-to-project';
import type { CalculatorMessage, CalculatorTexts } from './definitions';
import { calculatorText } from './definitions';

/** The site-wide texts of every calculator (dictionary keys `calculators.*`). */
export interface CalculatorUiTexts {
  calculate: string;
  errorsTitle: string;
  result: string;
  addRowHint: string;
  project: AddToProjectTexts;
}

export type HeadingLevel = 2 | 3 | 4;

export function Heading({
  level,
  id,
  className,
  children,
}: {
  level: HeadingLevel;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const Tag = (['h2', 'h3', 'h4'] as const)[level - 2] ?? 'h2';
  return (
    <Tag id={id} className={className}>
      {children}
    </Tag>
  );
}

/** The id of a form field (`type`, `c1`, `span`, …) of a calculator. */
export const fieldId = (prefix: string, field: string) => `${prefix}-${field}`;

/** The id of the message about a field, for `aria-describedby`. */
export const messageId = (prefix: string, field: string) => `${prefix}-message-${field}`;

/** Field attributes for a field that may have a message. */
export function fieldState(prefix: string, field: string, errors: CalculatorMessage[]) {
  const invalid = errors.some((e) => e.field === field);
  return invalid ? { 'aria-invalid': true as const, 'aria-describedby': messageId(prefix, field) } : {};
}

/** The list of problems of a refused form: announced, focusable, each one linked to and from its field. */
export function ErrorSummary({
  prefix,
  errors,
  texts,
  title,
  level,
  summaryRef,
}: {
  prefix: string;
  errors: CalculatorMessage[];
  texts: CalculatorTexts;
  title: string;
  level: HeadingLevel;
  summaryRef?: RefObject<HTMLDivElement | null>;
}) {
  // One message per field: a field's first problem is the one to fix first.
  const seen = new Set<string>();
  return (
    <div ref={summaryRef} className="calculator__errors" role="alert" tabIndex={-1}>
      <Heading level={level} className="calculator__errors-title">
        {title}
      </Heading>
      <ul>
        {errors.map((error) => {
          const first = error.field !== null && !seen.has(error.field);
          if (error.field) seen.add(error.field);
          return (
            <li
              key={`${error.key} ${error.field} ${JSON.stringify(error.values)}`}
              id={first && error.field ? messageId(prefix, error.field) : undefined}
            >
              {error.field ? (
                <a href={`#${fieldId(prefix, error.field)}`}>
                  {calculatorText(texts, error.key, error.values)}
                </a>
              ) : (
                calculatorText(texts, error.key, error.values)
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
