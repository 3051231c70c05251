import { locale as localeParam } from 'next/root-params';
import { NotFoundContent } from '../../components/not-found-content';
import { getDictionary } from '../../data/content';
import { createTranslator } from '../../i18n/translator';
import { localeOrDefault } from '../../routing/locales';

/**
 * Shown inside the locale layout when a page calls `notFound()` (status 404). URLs that match no route
 * at all get app/global-not-found.tsx instead.
 */
export default async function NotFound() {
  const segment: unknown = await localeParam();
  const locale = localeOrDefault(typeof segment === 'string' ? segment : undefined);
  const t = createTranslator(await getDictionary(locale));
  return <NotFoundContent locale={locale} t={t} />;
}
