import type { LocaleCode } from '@catalogue/dataset/model';
import { getCalculator, getFamilyCalculators } from '../data/calculators';
import { getDictionary, getLocaleInfo } from '../data/content';
import { createTranslator } from '../i18n/translator';
import { localizedPath } from '../routing/locales';
import { CalculatorIsland } from './calculator-island';
import { calculatorProps } from './calculator-props';

/** Families are level 3: the first three segments of a category id below them. */
const FAMILY_LEVEL = 3;

/**
 * The calculators of a family, on its page and on every page below it: each with its form (defaults; the
 * result is computed in the browser, or on the calculator's own page without JavaScript).
 */
export async function FamilyCalculators({ locale, categoryId }: { locale: LocaleCode; categoryId: string }) {
  const segments = categoryId.split('.');
  if (segments.length < FAMILY_LEVEL) return null;
  const familyId = segments.slice(0, FAMILY_LEVEL).join('.');
  const [summaries, dictionary, info] = await Promise.all([
    getFamilyCalculators(locale, familyId),
    getDictionary(locale),
    getLocaleInfo(locale),
  ]);
  const calculators = (await Promise.all(summaries.map((s) => getCalculator(locale, s.id)))).filter(
    (c) => c !== null,
  );
  if (calculators.length === 0) return null;
  const t = createTranslator(dictionary);
  return (
    <section className="family__calculators" aria-labelledby="family-calculators">
      <h2 id="family-calculators" className="section__title">
        {t('calculators.familyTitle')}
      </h2>
      {calculators.map((calculator) => {
        const path = localizedPath(locale, `/calculators/${calculator.id}`);
        return (
          <div key={calculator.id} className="panel family__calculator">
            <h3 className="family__calculator-title">
              <a href={path}>{calculator.title}</a>
            </h3>
            <p>{calculator.description}</p>
            <CalculatorIsland
              {...calculatorProps({
                definition: calculator,
                locale,
                region: info.region,
                action: path,
                params: {},
                t,
                headingLevel: 4,
              })}
            />
          </div>
        );
      })}
    </section>
  );
}
