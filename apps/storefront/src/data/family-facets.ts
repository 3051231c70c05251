import type { LocaleCode } from '@catalogue/dataset/model';
import { Me } from 'ordercloud-javascript-sdk';
import { anonymousToken } from './commerce-sdk';
import { catalogOfLocale } from './product-lookup';

/** How long a process keeps a locale's facet paths: a seller's new facet shows within a minute. */
const KEEP_MS = 60_000;

const known = new Map<LocaleCode, { paths: ReadonlySet<string>; at: number }>();
const asking = new Map<LocaleCode, Promise<ReadonlySet<string> | null>>();

/**
 * The xp paths of the facets a locale's family pages show: the commerce service's `Meta.Facets` (every
 * product facet) of the locale's catalog, as its anonymous shopper sees it. Used by the proxy and the
 * family page so that only these facets reach the list request and the page's cache key. Kept a minute
 * per process (requests arriving together share one lookup); null when the services cannot tell now,
 * and callers then keep what FACET_LIMITS allows.
 */
export async function shownFacetPaths(
  locale: LocaleCode,
  now = Date.now(),
): Promise<ReadonlySet<string> | null> {
  const cached = known.get(locale);
  if (cached && now - cached.at < KEEP_MS) return cached.paths;
  let pending = asking.get(locale);
  if (!pending) {
    pending = lookUp(locale, now).finally(() => asking.delete(locale));
    asking.set(locale, pending);
  }
  return (await pending) ?? cached?.paths ?? null;
}

async function lookUp(locale: LocaleCode, now: number): Promise<ReadonlySet<string> | null> {
  try {
    const catalogId = await catalogOfLocale(locale);
    if (!catalogId) return null;
    const answer = await Me.ListProducts(
      { catalogID: catalogId, pageSize: 1 },
      { accessToken: await anonymousToken(catalogId) },
    );
    const paths = new Set((answer.Meta.Facets ?? []).map((facet) => facet.XpPath));
    known.set(locale, { paths, at: now });
    return paths;
  } catch (error) {
    console.warn(`[families] the facets of ${locale} could not be read now: ${(error as Error).message}`);
    return null;
  }
}
