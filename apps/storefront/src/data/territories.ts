import type { LocaleCode, Region } from '@catalogue/dataset/model';
import { ContentError, queryContent } from './content-graphql';

/** A sales representative as the rep locator lists them, in the page's language. */
export interface Rep {
  name: string;
  title: string;
  company: string;
  email: string;
  phone: string;
}

export interface Territory {
  id: string;
  name: string;
  reps: Rep[];
}

/** The territories serving a postal code, or the service's message when the code is not of the region's form. */
export type TerritorySearchResult =
  | { ok: true; postalCode: string; territories: Territory[] }
  | { ok: false; message: string };

const TERRITORIES_QUERY = /* GraphQL */ `
  query Territories($region: String!, $postalCode: String!, $language: String!) {
    territories(region: $region, postalCode: $postalCode, language: $language) {
      postalCode
      territories {
        id
        name
        reps {
          name
          title
          company
          email
          phone
        }
      }
    }
  }
`;

/**
 * Finds who serves a postal code of a region (content service `territories`), names and titles in the
 * locale's language. A malformed postal code (BAD_USER_INPUT) is an answer carrying the service's message;
 * any other failure is thrown.
 */
export async function findTerritories(
  region: Region,
  postalCode: string,
  locale: LocaleCode,
): Promise<TerritorySearchResult> {
  try {
    const data = await queryContent<{ territories: { postalCode: string; territories: Territory[] } }>(
      TERRITORIES_QUERY,
      { region, postalCode, language: locale },
    );
    return { ok: true, ...data.territories };
  } catch (error) {
    if (error instanceof ContentError && error.code === 'BAD_USER_INPUT')
      return { ok: false, message: error.message };
    throw error;
  }
}
