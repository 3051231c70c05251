import type { SearchError } from '../http/errors';

/**
 * The response of `POST /api/discover/v2` (docs/search-wire.md; `SearchResponse` in
 * `@sitecore-search/data` 3.0.0 `models/searchRecApi/searchResponse`).
 */

export type WidgetType =
  | 'recommendation'
  | 'preview_search'
  | 'content_grid'
  | 'content_block'
  | 'questions_answers'
  | 'html_block'
  | 'banner'
  | 'seo';

export const WIDGET_TYPES: readonly WidgetType[] = [
  'recommendation',
  'preview_search',
  'content_grid',
  'content_block',
  'questions_answers',
  'html_block',
  'banner',
  'seo',
];

export interface FacetValue {
  id: string;
  text: string;
  count: number;
  min?: number;
  max?: number;
}

export interface Facet {
  name: string;
  label: string;
  value: FacetValue[];
}

export interface SortChoice {
  name: string;
  label: string;
}

export interface Suggestion {
  text: string;
  freq: number;
}

export interface RuleBehavior {
  id: string;
  version: string;
}

export interface Answer {
  question: string;
  answer: string;
  context?: string;
  document_id?: string;
  highlight?: string;
  extra_fields?: Record<string, unknown>;
  type?: string;
}

export type EntityContent = Record<string, unknown> & { id: string };

/** One widget of the response. Fields a widget type does not use are left out. */
export interface WidgetResponse {
  rfk_id: string;
  type?: WidgetType;
  entity: string;
  content?: EntityContent[];
  total_item?: number;
  limit?: number;
  offset?: number;
  facet?: Facet[];
  sort?: { choices: SortChoice[] };
  suggestion?: Record<string, Suggestion[]>;
  rule?: { behaviors: RuleBehavior[] };
  answer?: Answer;
  related_questions?: Answer[];
  appearance?: Record<string, unknown>;
  used_in?: 'page' | 'common_across_pages' | 'dialog';
  variation_id?: string;
  /**
   * Our extension (docs/search-admin.md): where a merchandising rule sends a search's keyphrase (a site
   * path with the locale's prefix, or an http(s) URL). The SDK's types do not name it and pass it through.
   */
  redirect_url?: string;
  errors?: SearchError[];
}

export interface DiscoverResponse {
  ts: number;
  dt: number;
  errors?: SearchError[];
  widgets: WidgetResponse[];
}
