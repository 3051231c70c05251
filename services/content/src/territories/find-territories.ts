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
) {
  const postal = parsePostalCode(region, postalCode);
  if (!postal)
    throw userError(
      'BAD_USER_INPUT',
      `'${postalCode.slice(0, 20)}' is not a postal code of region ${region}: expected ${POSTAL_CODE_EXAMPLES[region]}.`,
      { region },
    );
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
