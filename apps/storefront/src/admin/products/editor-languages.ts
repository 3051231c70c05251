import { LANGUAGES, type LocaleInfo } from '@catalogue/dataset/model';
import type { EditorLanguage } from './product-editor';

const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = {
  en: 'English',
  fr: 'French',
  de: 'German',
  nl: 'Dutch',
};

/** The buyer languages, English first, each with the site locales that show it. */
export function editorLanguages(locales: readonly LocaleInfo[]): EditorLanguage[] {
  return LANGUAGES.map((code) => ({
    code,
    label: `${LANGUAGE_NAMES[code]} (${code})`,
    locales: `Shown in ${locales
      .filter((locale) => locale.language === code)
      .map((locale) => locale.code)
      .join(', ')}`,
  }));
}
