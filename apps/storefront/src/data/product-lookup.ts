import type { LocaleCode } from '@catalogue/dataset/model';
import { Me } from 'ordercloud-javascript-sdk';
import { anonymousToken } from './commerce-sdk';
import { postToContentService } from './content-service';
import { PRODUCT_ID } from './product-shapes';

/**
 * Whether a catalogue number is a product of a locale's regional catalog, for the proxy (which runs
 * before any page, outside React's request scope, so it cannot use the memoised page readers). The
 * product page itself answers an unknown product with `notFound()`, but Next 16.4 does not render that
 * boundary into the HTML (vercel/next.js#62228: status 404, empty body until scripts run); the proxy
 * sends such a request to the global not-found page instead, which renders on the server.
 */

const CATALOG_QUERY = /* GraphQL */ `
  {
    locales {
      code
      region
    }
    regions(language: "en-US") {
      code
      catalogId
    }
  }
`;

interface CatalogAnswer {
  data?: {
    locales: { code: string; region: string }[];
    regions: { code: string; catalogId: string }[];
  } | null;
}

/** The regional catalog a locale browses (content service: locale → region → catalog), or null. */
export async function catalogOfLocale(locale: LocaleCode): Promise<string | null> {
  const response = await postToContentService({ query: CATALOG_QUERY });
  const answer = (await response.json()) as CatalogAnswer;
  const region = answer.data?.locales.find((item) => item.code === locale)?.region;
  return answer.data?.regions.find((item) => item.code === region)?.catalogId ?? null;
}

/** True when the product is in the locale's regional catalog as its anonymous shopper sees it. */
export async function productVisibleInLocale(locale: LocaleCode, productId: string): Promise<boolean> {
  if (!PRODUCT_ID.safeParse(productId).success) return false;
  const catalogId = await catalogOfLocale(locale);
  if (!catalogId) return false;
  const accessToken = await anonymousToken(catalogId);
  const answer = await Me.ListProducts(
    { catalogID: catalogId, filters: { ID: productId }, pageSize: 1 },
    { accessToken },
  );
  return answer.Items.some((item) => item.ID === productId);
}
