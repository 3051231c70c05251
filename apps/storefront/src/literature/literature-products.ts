import type { Language } from '@catalogue/dataset/model';
import { Me } from 'ordercloud-javascript-sdk';
import { anonymousToken } from '../data/commerce-sdk';
import { type ProductDetail, toProductDetail } from '../data/product-shapes';
import { LITERATURE_PAGE_SIZE, type LiteratureQuery } from './literature-query';

export interface LiteraturePage {
  products: ProductDetail[];
  page: number;
  totalPages: number;
  totalCount: number;
}

/**
 * One page of the products whose documents the hub lists, as the public sees them in the locale's
 * catalog, through the official SDK: a family and everything below it, or a search on catalogue number
 * and name. Files are the products' own (spec sheet, CAD, BIM), so the list never promises one that the
 * product page would not offer.
 */
export async function listLiterature(
  catalogId: string,
  query: LiteratureQuery,
  language: Language,
): Promise<LiteraturePage> {
  const accessToken = await anonymousToken(catalogId);
  const scope =
    query.kind === 'family'
      ? { categoryID: query.familyId, depth: 'all' }
      : { search: query.text, searchOn: ['ID', 'Name'] as ('ID' | 'Name')[] };
  const answer = await Me.ListProducts(
    { catalogID: catalogId, ...scope, sortBy: ['ID'], page: query.page, pageSize: LITERATURE_PAGE_SIZE },
    { accessToken },
  );
  return {
    products: answer.Items.map((product) => toProductDetail(product, language)),
    page: answer.Meta.Page,
    totalPages: answer.Meta.TotalPages,
    totalCount: answer.Meta.TotalCount,
  };
}
