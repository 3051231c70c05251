import type { RegionalText } from '../content-model';
import type { LocaleInfo } from '../model';

/** The wording of a text in a locale: the locale's own (`en-US`) when there is one, else its language's. */
export function textIn(text: RegionalText, locale: LocaleInfo): string {
  return text[locale.code] ?? text[locale.language];
}

/** Fills `{name}` placeholders; placeholders without a value stay as written (e.g. `{year}`). */
export function fillIn(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
