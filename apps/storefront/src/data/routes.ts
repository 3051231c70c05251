import type { RouteItem } from '@catalogue/dataset';
import type { LocaleCode } from '@catalogue/dataset/model';
import { cache } from 'react';
import { queryContent } from './content-graphql';

/** The fields of a route item (spec §2: the meta fields come from it) the storefront asks for. */
export type RouteContent = Pick<
  RouteItem,
  | 'title'
  | 'intro'
  | 'MetaTitle'
  | 'MetaDescription'
  | 'MetaTags'
  | 'MetaRobots'
  | 'MetaGooglebot'
  | 'sections'
>;

const ROUTE_QUERY = /* GraphQL */ `
  query Route($path: String!, $language: String!) {
    route(path: $path, language: $language) {
      title
      intro
      MetaTitle
      MetaDescription
      MetaTags
      MetaRobots
      MetaGooglebot
      sections {
        heading
        paragraphs
      }
    }
  }
`;

/** The route item of a locale-neutral path (`/`, `/rep-locator`) in a locale, or null. Memoised per request. */
export const getRouteContent = cache(
  async (locale: LocaleCode, path: string): Promise<RouteContent | null> =>
    (await queryContent<{ route: RouteContent | null }>(ROUTE_QUERY, { path, language: locale })).route,
);
