import type { WidgetConfig } from '../config/widget-config';
import type { LocaleInfo, Locales } from '../engine/locales';
import type { WidgetResponse, WidgetType } from '../wire/response';
import { type Block, pagePath, pickBlock, readBlocks } from './config';

export const BLOCK_TYPES: readonly WidgetType[] = ['content_block', 'html_block', 'banner', 'seo'];

const parsed = new WeakMap<object, Block[]>();

function blocksOf(config: WidgetConfig): Block[] {
  let blocks = parsed.get(config.config);
  if (!blocks) {
    blocks = readBlocks(config.config).blocks;
    parsed.set(config.config, blocks);
  }
  return blocks;
}

/**
 * The locale of a page-widgets request: `context.locale` when sent, else the page URI's locale prefix
 * (the SDK's PageWidgetsRequest sends the page URI only), else the default locale.
 */
export function pageLocale(
  locales: Locales,
  uri: string,
  asked?: { language: string; country: string },
): LocaleInfo | undefined {
  if (asked) return locales.find(asked.language, asked.country);
  let path = uri;
  try {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(uri)) path = new URL(uri).pathname;
  } catch {
    path = uri;
  }
  const first = path.split('/').filter(Boolean)[0]?.toLowerCase();
  const prefixed = first
    ? locales.all.find((l) => l.urlPrefix && l.urlPrefix.toLowerCase() === first)
    : undefined;
  return prefixed ?? locales.default;
}

/**
 * The SDK's page-widgets request (`usePageWidgets`: a request with a page URI and no widget items): the
 * content block widgets that have a block for this page in this locale, as `{rfk_id, entity, type}` — the
 * storefront then asks each of them for its content.
 */
export function pageWidgets(configs: WidgetConfig[], uri: string, locale: LocaleInfo): WidgetResponse[] {
  const path = pagePath(uri, locale.urlPrefix);
  const widgets: WidgetResponse[] = [];
  for (const config of configs) {
    if (!BLOCK_TYPES.includes(config.type)) continue;
    if (!pickBlock(blocksOf(config), path, locale.code, locale.language)) continue;
    widgets.push({ rfk_id: config.rfkId, type: config.type, entity: config.entities[0] ?? 'content' });
  }
  return widgets;
}
