import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CalculatorPanel } from '../../../../calculators/calculator-panel';
import { getCalculator } from '../../../../data/calculators';
import { getDictionary, getLocaleInfo } from '../../../../data/content';
import { createTranslator } from '../../../../i18n/translator';
import { localeFromSegment, localizedPath } from '../../../../routing/locales';
import { pageMetadata } from '../../../../shell/shell-metadata';

interface CalculatorPageProps {
  params: Promise<{ locale: string; id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The query (the calculator's inputs) is read on every request: results are not cached. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: CalculatorPageProps): Promise<Metadata> {
  const { locale: segment, id } = await params;
  const locale = localeFromSegment(segment);
  const calculator = locale && ID.test(id) ? await getCalculator(locale, id) : null;
  if (!locale || !calculator) return {};
  return {
    ...(await pageMetadata(locale, `/calculators/${calculator.id}`)),
    title: calculator.title,
    description: calculator.description,
  };
}

/**
 * One calculator (`/calculators/conduit-fill`, `/calculators/strut-span`): its form, filled and computed
 * from the query when one was submitted (so results can be shared and the form works without JavaScript),
 * and how it calculates.
 */
export default async function CalculatorPage({ params, searchParams }: CalculatorPageProps) {
  const { locale: segment, id } = await params;
  const locale = localeFromSegment(segment);
  if (!locale || !ID.test(id)) notFound();
  const [calculator, dictionary, info] = await Promise.all([
    getCalculator(locale, id),
    getDictionary(locale),
    getLocaleInfo(locale),
  ]);
  if (!calculator) notFound();
  const t = createTranslator(dictionary);
  const path = localizedPath(locale, `/calculators/${id}`);
  return (
    <div className="container section">
      <header className="page-header">
        <h1 className="page-header__title">{calculator.title}</h1>
        <p className="page-header__intro">{calculator.description}</p>
      </header>
      <div className="panel">
        <CalculatorPanel
          definition={calculator}
          locale={locale}
          region={info.region}
          action={path}
          params={await searchParams}
          t={t}
          headingLevel={2}
        />
      </div>
      <section className="calculator__method" aria-labelledby="calculator-method">
        <h2 id="calculator-method" className="section__title">
          {t('calculators.howItWorks')}
        </h2>
        <p>{calculator.formulaDescription}</p>
      </section>
    </div>
  );
}
