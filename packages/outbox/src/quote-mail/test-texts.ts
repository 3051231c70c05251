import { loadDataFiles } from '@catalogue/dataset';
import { dictionaryOf } from '@catalogue/dataset/model';
import { type MailTexts, textsFrom } from '../email/texts';

const files = loadDataFiles();

/** The mail texts of a site locale straight from the data files (what the dataset loads into the database). */
export function textsOf(locale: string): MailTexts {
  const info = files.locales.find((l) => l.code === locale);
  if (!info) throw new Error(`no locale ${locale}`);
  return textsFrom(locale, dictionaryOf(files, info), files.site.name);
}
