import type { LocaleInfo, Region, TerritoryItem } from '@catalogue/dataset';
import { userError } from '../graphql/user-error';
import { covers, POSTAL_CODE_EXAMPLES, parsePostalCode } from './postal-codes';

/**
 * The territories of a region that serve a postal code, with their representatives, in the locale's
 * language. A postal code that does not have the region's form is an error; one nobody serves gives none.
 */
export function findTerritories(
  territories: TerritoryItem[],
  region: Region,
  postalCode: string,
  locale: LocaleInfo,
  /** The locale's UI phrases, for the refusal in its language (English when a phrase is missing). */
  phrases: ReadonlyMap<string, string> = new Map(),
) {
  const postal = parsePostalCode(region, postalCode);
  if (!postal) {
    const shown = postalCode.slice(0, 20);
    const example =
      phrases.get(`repLocator.postalCodeExample.${region.toLowerCase()}`) ?? POSTAL_CODE_EXAMPLES[region];
    const template = phrases.get('repLocator.postalCodeExpected');
    throw userError(
      'BAD_USER_INPUT',
      template
        ? template.replaceAll('{postalCode}', shown).replaceAll('{example}', example)
        : `'${shown}' is not a postal code of region ${region}: expected ${example}.`,
      { region },
    );
  }
  const language = locale.language;
  return {
    region,
    postalCode: postal.normalised,
    territories: territories
      .filter((t) => t.region === region && t.codes.some((code) => covers(code, postal)))
      .map((t) => ({
        id: t.id,
        name: t.name[language],
        region: t.region,
        reps: t.reps.map((rep) => ({ ...rep, title: rep.title[language], territory: t.name[language] })),
      })),
  };
}
