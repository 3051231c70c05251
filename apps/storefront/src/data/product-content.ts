import type { LocaleCode } from '@catalogue/dataset/model';
import { cache } from 'react';
import { queryContent } from './content-graphql';

/**
 * What the content service says about a product page: the product's marketing content (PCM,
 * `allM_PCM_Product`, spec §2: the page's description is its marketing message) and its family's tabs,
 * tables and calculators (`tabs`, `tables`, `calculators` with `family`).
 */

export interface ProductMarketing {
  name: string;
  message: string;
  bullets: string[];
}

export interface ContentTab {
  id: string;
  label: string;
  body: string;
  bullets: string[];
}

export interface ContentTable {
  id: string;
  title: string;
  columns: string[];
  /** `key: 'products'`: the number of catalogue numbers, shown live (`withLiveCount`). */
  rows: { label: string; values: string[]; key?: string | null }[];
}

export interface ContentCalculator {
  id: string;
  title: string;
  description: string;
}

export interface FamilyContent {
  tabs: ContentTab[];
  tables: ContentTable[];
  calculators: ContentCalculator[];
}

const PCM_QUERY = /* GraphQL */ `
  query ProductMarketing($ids: [String!], $locale: String!) {
    allM_PCM_Product(where: { productNumber_in: $ids }, locale: $locale, first: 1) {
      results {
        productNumber
        productName
        productMarketingMessage
        productBullets
      }
    }
  }
`;

interface PcmAnswer {
  allM_PCM_Product: {
    results: {
      productNumber: string;
      productName: string;
      productMarketingMessage: string;
      productBullets: string[];
    }[];
  };
}

/** The marketing content of a product in a locale, or null when the content hub has none. */
export const getProductMarketing = cache(
  async (locale: LocaleCode, productId: string): Promise<ProductMarketing | null> => {
    const answer = await queryContent<PcmAnswer>(PCM_QUERY, { ids: [productId], locale });
    const item = answer.allM_PCM_Product.results.find((result) => result.productNumber === productId);
    if (!item) return null;
    return { name: item.productName, message: item.productMarketingMessage, bullets: item.productBullets };
  },
);

const FAMILY_QUERY = /* GraphQL */ `
  query FamilyContent($language: String!, $family: String!) {
    tabs(language: $language, family: $family, limit: 100) {
      results {
        id
        label
        order
        body
        bullets
      }
    }
    tables(language: $language, family: $family, limit: 100) {
      results {
        id
        title
        columns
        rows {
          label
          values
          key
        }
      }
    }
    calculators(language: $language, family: $family, limit: 100) {
      results {
        id
        title
        description
      }
    }
  }
`;

interface FamilyAnswer {
  tabs: { results: (ContentTab & { order: number })[] };
  tables: { results: ContentTable[] };
  calculators: { results: ContentCalculator[] };
}

/** A family's tabs (in page order), tables and calculators in a locale. Memoised per request. */
export const getFamilyContent = cache(
  async (locale: LocaleCode, familyId: string): Promise<FamilyContent> => {
    const answer = await queryContent<FamilyAnswer>(FAMILY_QUERY, { language: locale, family: familyId });
    return {
      tabs: [...answer.tabs.results]
        .sort((a, b) => a.order - b.order)
        .map(({ id, label, body, bullets }) => ({ id, label, body, bullets })),
      tables: answer.tables.results,
      calculators: answer.calculators.results,
    };
  },
);

/** The tables with their `products` rows showing `count` (the family page's live count) in the locale. */
export function withLiveCount(tables: ContentTable[], count: number, locale: string): ContentTable[] {
  return tables.map((table) => ({
    ...table,
    rows: table.rows.map((row) =>
      row.key === 'products' ? { ...row, values: [count.toLocaleString(locale)] } : row,
    ),
  }));
}
