import type { LocaleCode } from '@catalogue/dataset/model';
import { productPath } from '../routing/catalogue-paths';
import { localizedPath } from '../routing/locales';

/**
 * Where the product toolbar's Prefab button goes: the configured prefab app (`PREFAB_APP_URL`, with
 * `{productId}` and `{locale}` filled in), else the storefront's own prefab page of the product.
 */
export function prefabHref(template: string | null, locale: LocaleCode, productId: string): string {
  if (!template) return `${productPath(locale, productId)}/prefab`;
  return template
    .replace(/\{productId\}|%7BproductId%7D/g, encodeURIComponent(productId))
    .replace(/\{locale\}|%7Blocale%7D/g, encodeURIComponent(locale));
}

/**
 * The login page the prompt for visitors leads to, coming back to `returnPath` afterwards. The login
 * flow itself (identity provider, spec §7's dynamicURL) arrives with its own issue; this is its address.
 */
export function loginHref(locale: LocaleCode, returnPath: string): string {
  return `${localizedPath(locale, '/login')}?redirectURI=${encodeURIComponent(returnPath)}`;
}
