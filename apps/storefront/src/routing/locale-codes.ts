import { LOCALE_CODES, type LocaleCode } from '@catalogue/dataset/model';

export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value);
}
