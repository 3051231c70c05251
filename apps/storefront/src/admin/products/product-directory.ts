import { LANGUAGES, type Language } from '@catalogue/dataset/model';
import { type Catalog, Catalogs, type ListPage, type Product, Products } from 'ordercloud-javascript-sdk';
import { commerceCall, withToken } from '../commerce-calls';
import { type ProductQuery, productListOptions } from './product-query';

/**
 * The console's reads of products, through the SDK with the user's token. Names and descriptions in the
 * buyer languages live in `xp.Names` / `xp.Descriptions` (English also in `Name` / `Description`); a
 * language whose text is empty is a missing translation, which the storefront fills with English.
 */

export type AdminProduct = Product<ProductXp>;

export interface ProductXp {
  Names?: Partial<Record<Language, string>>;
  Descriptions?: Partial<Record<Language, string>>;
  [key: string]: unknown;
}

export function listProducts(token: string, query: ProductQuery): Promise<ListPage<AdminProduct>> {
  return commerceCall(() =>
    Products.List<AdminProduct>(productListOptions(query) as never, withToken(token)),
  );
}

export function getProduct(token: string, productId: string): Promise<AdminProduct> {
  return commerceCall(() => Products.Get<AdminProduct>(productId, withToken(token)));
}

/** Every catalog (for the list's filter): few per marketplace, so one page of the largest size. */
export async function listCatalogs(token: string): Promise<Catalog[]> {
  const page = await commerceCall(() => Catalogs.List({ pageSize: 100, sortBy: ['ID'] }, withToken(token)));
  return page.Items ?? [];
}

/** The languages (other than English, whose text is `Name`) whose name or description is empty. */
export function missingLanguages(product: AdminProduct): Language[] {
  const xp = (product.xp ?? {}) as ProductXp;
  return LANGUAGES.filter((language) => {
    const name = language === 'en' ? (xp.Names?.en ?? product.Name) : xp.Names?.[language];
    const description =
      language === 'en' ? (xp.Descriptions?.en ?? product.Description) : xp.Descriptions?.[language];
    return !name?.trim() || !description?.trim();
  });
}
