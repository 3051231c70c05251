import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getCalculatorIndex } from '../../../data/calculators';
import { getDictionary } from '../../../data/content';
import { getRouteContent } from '../../../data/routes';
import { createTranslator } from '../../../i18n/translator';
import { localeFromSegment, localizedPath } from '../../../routing/locales';
import { pageMetadata } from '../../../shell/shell-metadata';

interface CalculatorsPageProps {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({
  params,
}: {
  params: Promise<{ locale: string }>;
}): Promise<Metadata> {
  const locale = localeFromSegment((await params).locale);
  return locale ? pageMetadata(locale, '/calculators') : {};
}

/** The calculators of the locale (content service), each with what it does and a link to it. */
export default async function CalculatorsPage({ params }: CalculatorsPageProps) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  const [route, calculators, dictionary] = await Promise.all([
    getRouteContent(locale, '/calculators'),
    getCalculatorIndex(locale),
    getDictionary(locale),
  ]);
  if (!route) notFound();
  const t = createTranslator(dictionary);
  return (
    <div className="container section">
      <header className="page-header">
        <h1 className="page-header__title">{route.title}</h1>
        <p className="page-header__intro">{route.intro}</p>
      </header>
      <ul className="calculator-list">
        {calculators.map((calculator) => (
          <li key={calculator.id} className="panel calculator-list__item">
            <h2 className="section__title">
              <Link href={localizedPath(locale, `/calculators/${calculator.id}`)} prefetch={false}>
                {calculator.title}
              </Link>
            </h2>
            <p>{calculator.description}</p>
            <p>
              <Link
                className="button"
                href={localizedPath(locale, `/calculators/${calculator.id}`)}
                prefetch={false}
                aria-label={`${t('calculators.open')}: ${calculator.title}`}
              >
                {t('calculators.open')}
              </Link>
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
