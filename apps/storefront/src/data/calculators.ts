import type { LocaleCode, UnitSystem } from '@catalogue/dataset/model';
import { Me } from 'ordercloud-javascript-sdk';
import { cache } from 'react';
import type {
  CalculatorDefinition,
  ConduitFillTables,
  ConduitSizeSpec,
  ConduitTypeSpec,
  StrutProfileSpec,
  StrutSpanTables,
} from '../calculators/definitions';
import { type CatalogProduct, representativeSku } from '../calculators/representative-sku';
import { anonymousToken } from './commerce-sdk';
import { getLocaleInfo, getRegionInfo } from './content';
import { queryContent } from './content-graphql';

/**
 * The calculators of a locale: their definitions and tables from the content service (`calculator`,
 * `calculatorIndex`), and for each conduit trade size and channel profile the product that stands for it
 * in the locale's regional catalog (commerce service, as an anonymous shopper sees it). Sizes and profiles
 * without a product there are left out, so a result always names something the visitor can order.
 */

export interface CalculatorSummary {
  id: string;
  kind: string;
  title: string;
  description: string;
  families: string[];
}

const INDEX_QUERY = /* GraphQL */ `
  query CalculatorIndex($language: String!) {
    calculatorIndex(language: $language) {
      id
      kind
      title
      description
      families
    }
  }
`;

const CALCULATOR_QUERY = /* GraphQL */ `
  query Calculator($language: String!, $id: String!) {
    calculator(language: $language, id: $id) {
      id
      kind
      title
      description
      formulaDescription
      unitSystem
      families
      texts {
        key
        text
      }
      conduitFill {
        maxRows
        maxConductorsPerRow
        maxCustomDiameterMm
        limits {
          conductors
          percent
        }
        conduitTypes {
          id
          label
          categoryId
          segments
          sizes {
            tradeSize
            label
            internalDiameterMm
          }
        }
        conductors {
          id
          label
          unitSystem
          sizes {
            id
            label
            areaMm2
            diameterMm
          }
        }
      }
      strutSpan {
        elasticModulusMpa
        allowableStressMpa
        maxSpanMm
        maxUniformLoadKgPerM
        maxPointLoadKg
        deflectionLimits
        profiles {
          id
          label
          categoryId
          segments
          momentOfInertiaMm4
          sectionModulusMm3
          weightKgPerM
        }
      }
    }
  }
`;

/** A conduit type as the content service gives it: it names a family and category slugs, not products. */
interface ContentConduitType {
  id: string;
  label: string;
  categoryId: string;
  segments: string[];
  sizes: Omit<ConduitSizeSpec, 'sku'>[];
}

interface ContentStrutProfile extends Omit<StrutProfileSpec, 'sku'> {
  categoryId: string;
  segments: string[];
}

interface ContentCalculator {
  id: string;
  kind: string;
  title: string;
  description: string;
  formulaDescription: string;
  unitSystem: string;
  families: string[];
  texts: { key: string; text: string }[];
  conduitFill: (Omit<ConduitFillTables, 'conduitTypes'> & { conduitTypes: ContentConduitType[] }) | null;
  strutSpan: (Omit<StrutSpanTables, 'profiles'> & { profiles: ContentStrutProfile[] }) | null;
}

/** Every calculator of a locale, once each. Memoised per request. */
export const getCalculatorIndex = cache(
  async (locale: LocaleCode): Promise<CalculatorSummary[]> =>
    (await queryContent<{ calculatorIndex: CalculatorSummary[] }>(INDEX_QUERY, { language: locale }))
      .calculatorIndex,
);

/** The calculators shown on a family (a category id at level 3). */
export async function getFamilyCalculators(
  locale: LocaleCode,
  familyId: string,
): Promise<CalculatorSummary[]> {
  return (await getCalculatorIndex(locale)).filter((c) => c.families.includes(familyId));
}

/** Every product of a category and its descendants in a catalog (all pages of `GET /me/products`). */
const listCategoryProducts = cache(
  async (catalogId: string, categoryId: string): Promise<CatalogProduct[]> => {
    const accessToken = await anonymousToken(catalogId);
    const products: CatalogProduct[] = [];
    for (let page = 1; ; page++) {
      const answer = await Me.ListProducts(
        { catalogID: catalogId, categoryID: categoryId, depth: 'all', page, pageSize: 100 },
        { accessToken },
      );
      for (const product of answer.Items) {
        const xp = (product.xp ?? {}) as Record<string, unknown>;
        products.push({
          id: String(product.ID ?? ''),
          path: typeof xp.CategoryID === 'string' ? xp.CategoryID.split('.') : [],
          madeToOrder: xp.MadeToOrder === true,
        });
      }
      if (page >= answer.Meta.TotalPages) return products;
    }
  },
);

/** One calculator of a locale with the products of its regional catalog, or null when there is none. */
export const getCalculator = cache(
  async (locale: LocaleCode, id: string): Promise<CalculatorDefinition | null> => {
    const { calculator } = await queryContent<{ calculator: ContentCalculator | null }>(CALCULATOR_QUERY, {
      language: locale,
      id,
    });
    if (!calculator) return null;
    const info = await getLocaleInfo(locale);
    const { catalogId } = await getRegionInfo(info.region);
    const base = {
      id: calculator.id,
      title: calculator.title,
      description: calculator.description,
      formulaDescription: calculator.formulaDescription,
      unitSystem: (calculator.unitSystem === 'imperial' ? 'imperial' : 'metric') as UnitSystem,
      texts: Object.fromEntries(calculator.texts.map((t) => [t.key, t.text])),
      families: calculator.families,
    };
    if (calculator.kind === 'conduit-fill' && calculator.conduitFill) {
      const { conduitTypes, ...tables } = calculator.conduitFill;
      const types = await Promise.all(
        conduitTypes.map(async (type): Promise<ConduitTypeSpec | null> => {
          const products = await listCategoryProducts(catalogId, type.categoryId);
          const sizes = type.sizes.flatMap((size) => {
            const sku = representativeSku(products, [...type.segments, size.tradeSize]);
            return sku ? [{ ...size, sku }] : [];
          });
          return sizes.length > 0 ? { id: type.id, label: type.label, sizes } : null;
        }),
      );
      return {
        ...base,
        kind: 'conduit-fill',
        conduitFill: { ...tables, conduitTypes: types.filter((t): t is ConduitTypeSpec => t !== null) },
      };
    }
    if (calculator.kind === 'strut-span' && calculator.strutSpan) {
      const { profiles, ...tables } = calculator.strutSpan;
      const located = await Promise.all(
        profiles.map(async ({ categoryId, segments, ...profile }): Promise<StrutProfileSpec | null> => {
          const sku = representativeSku(await listCategoryProducts(catalogId, categoryId), segments);
          return sku ? { ...profile, sku } : null;
        }),
      );
      return {
        ...base,
        kind: 'strut-span',
        strutSpan: { ...tables, profiles: located.filter((p): p is StrutProfileSpec => p !== null) },
      };
    }
    return null;
  },
);
