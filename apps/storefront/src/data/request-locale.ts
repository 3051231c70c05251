import type { LocaleCode } from '@catalogue/dataset/model';
import { headers } from 'next/headers';
import { LOCALE_HEADER, localeFromHeader } from '../routing/locale-header';

/** The locale of the requested URL as the proxy determined it, for pages outside `app/[locale]/`. */
export async function requestLocale(): Promise<LocaleCode> {
  return localeFromHeader((await headers()).get(LOCALE_HEADER));
}
