import { WidgetError } from '../search/run-search';
import type { WidgetContext, WidgetDefinition } from '../widgets/registry';
import type { WidgetItem } from '../wire/request';
import type { EntityContent, WidgetResponse, WidgetType } from '../wire/response';
import { type Block, blockAppearance, pagePath, pickBlock, readBlocks, withBase } from './config';

/** Parsed blocks per widget configuration object (configurations are replaced, never changed, on reload). */
const parsed = new WeakMap<object, Block[]>();

function blocksOf(ctx: WidgetContext): Block[] {
  const config = ctx.config.config;
  let blocks = parsed.get(config);
  if (!blocks) {
    const read = readBlocks(config);
    for (const problem of read.problems) {
      console.error(
        `[search] widget ${ctx.config.rfkId}: block ${problem.block} left out: ${problem.message}`,
      );
    }
    blocks = read.blocks;
    parsed.set(config, blocks);
  }
  return blocks;
}

/**
 * Answers a content block widget (`content_block`, `html_block`, `banner`, `seo`): the block configured for
 * `context.page.uri` (exact path, pattern or prefix, without the locale prefix) and the request's locale,
 * as `appearance` (HTML and CSS templates per device, CSS class names, variables) — what the SDK's
 * ContentBlock and SEO components render — plus the block's JSON items as `content`. A page without a
 * block gets the widget with empty content.
 */
export async function answerBlock(
  type: WidgetType,
  item: WidgetItem,
  ctx: WidgetContext,
): Promise<WidgetResponse> {
  const uri = ctx.request.context.page?.uri;
  if (uri === undefined || uri === '') {
    throw new WidgetError(400, 'invalid_context', 'context.page.uri is required for content blocks.');
  }
  const path = pagePath(uri, ctx.locale.urlPrefix);
  const block = pickBlock(blocksOf(ctx), path, ctx.locale.code, ctx.locale.language);
  const base = ctx.locale.urlPrefix ? `/${ctx.locale.urlPrefix}` : '';
  const content: EntityContent[] = (block?.content ?? []).map((entry, i) => ({
    ...Object.fromEntries(
      Object.entries(entry).map(([key, value]) => [
        key,
        typeof value === 'string' ? withBase(value, base) : value,
      ]),
    ),
    id: typeof entry.id === 'string' ? entry.id : `${item.rfk_id}-${i + 1}`,
  }));
  return {
    rfk_id: item.rfk_id,
    type,
    entity: item.entity,
    content,
    total_item: content.length,
    appearance: block ? blockAppearance(block, base) : { templates: {}, css_names: [], variables: {} },
    used_in: 'page',
  };
}

export function blockWidget(type: WidgetType): WidgetDefinition {
  return { type, handle: (item, ctx) => answerBlock(type, item, ctx) };
}
