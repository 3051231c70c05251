import type { LocaleCode } from '@catalogue/dataset/model';
import { callService } from '@catalogue/service-kit/shared';
import type { WindowLike } from 'dompurify';
import { cacheTags } from '../caching/cache-tags';
import { tagPage } from '../caching/page-tags';
import { searchLocaleOf } from './config';
import { createSanitisers, type Sanitisers, sanitiseCss } from './sanitize';

/**
 * Content blocks rendered on the server, into the cached page: the home and family pages'. Those pages
 * have a first-load JavaScript budget (≤ 130 KB compressed) with no room for the search SDK, and their
 * blocks are the same for every visitor of a URI and locale, so the page asks the search service the
 * SDK's two questions in-process — the page-widgets request (`context.page.uri`, no items), then the
 * listed widgets — and renders the answer through the same allow-list as the browser (`sanitize.ts`,
 * DOMPurify on a jsdom window here). The page is tagged with the widget configuration's content type,
 * so a changed block renders the page again. The search page, which runs the SDK anyway, renders its
 * blocks as SDK widgets (`blocks.tsx`).
 */

/** The content type the search service keeps its widget configuration in (services/search). */
const SEARCH_WIDGET_CONTENT = 'search-widget';
const BLOCK_TYPES = new Set(['html_block', 'banner', 'content_block', 'seo']);
const CLASS_NAME = /^[A-Za-z_][\w-]{0,63}$/;

export interface RenderedBlock {
  rfkId: string;
  type: string;
  classNames: string[];
  /** Sanitised markup. */
  html: string;
  /** Sanitised CSS. */
  css: string;
}

export interface PageBlocks {
  body: RenderedBlock[];
  /** SEO blocks: sanitised head markup (meta, links, JSON-LD). */
  seo: Array<{ rfkId: string; html: string }>;
}

export interface WireWidget {
  rfk_id?: unknown;
  type?: unknown;
  entity?: unknown;
  appearance?: {
    css_names?: unknown;
    templates?: {
      html?: { devices?: { pc?: { content?: unknown } } };
      css?: { devices?: { pc?: { content?: unknown } } };
    };
  };
}

let sanitisers: Promise<{ sanitisers: Sanitisers; document: Document }> | null = null;

function serverSanitisers(): Promise<{ sanitisers: Sanitisers; document: Document }> {
  sanitisers ??= import('jsdom').then(({ JSDOM }) => {
    const { window } = new JSDOM('<!doctype html><html><head></head><body></body></html>');
    return { sanitisers: createSanitisers(window as unknown as WindowLike), document: window.document };
  });
  return sanitisers;
}

/** One in-process request to the search service's discover endpoint; the answer's widgets. */
export async function discover(body: unknown): Promise<WireWidget[]> {
  const answer = await callService('search', '/api/discover/v2', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`the search service answered ${answer.status}`);
  const json = (await answer.json()) as { widgets?: unknown };
  return Array.isArray(json.widgets) ? (json.widgets as WireWidget[]) : [];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Turns the service's block widgets into safe markup (pure apart from the sanitiser). */
export function renderBlocks(widgets: WireWidget[], sanitisers: Sanitisers, document: Document): PageBlocks {
  const blocks: PageBlocks = { body: [], seo: [] };
  for (const widget of widgets) {
    const rfkId = text(widget.rfk_id);
    const type = text(widget.type);
    if (!rfkId || !BLOCK_TYPES.has(type)) continue;
    const html = text(widget.appearance?.templates?.html?.devices?.pc?.content);
    const css = text(widget.appearance?.templates?.css?.devices?.pc?.content);
    if (type === 'seo') {
      const nodes = sanitisers.head(html, document);
      const markup = nodes.map((node) => (node as Element).outerHTML).join('');
      if (markup) blocks.seo.push({ rfkId, html: markup });
      continue;
    }
    const names = Array.isArray(widget.appearance?.css_names) ? widget.appearance.css_names : [];
    blocks.body.push({
      rfkId,
      type,
      classNames: names.filter((name): name is string => typeof name === 'string' && CLASS_NAME.test(name)),
      html: html ? sanitisers.body(html) : '',
      css: css ? sanitiseCss(css) : '',
    });
  }
  return blocks;
}

/** The blocks the search service configures for a page URI (locale-neutral path) in a locale. */
export async function pageBlocks(locale: LocaleCode, pageUri: string): Promise<PageBlocks> {
  await tagPage([cacheTags.contentType(SEARCH_WIDGET_CONTENT)]);
  const context = { page: { uri: pageUri }, locale: searchLocaleOf(locale) };
  try {
    const listed = (await discover({ context })).filter(
      (widget) => typeof widget.rfk_id === 'string' && BLOCK_TYPES.has(text(widget.type)),
    );
    if (listed.length === 0) return { body: [], seo: [] };
    const items = listed.map((widget) => ({
      rfk_id: widget.rfk_id,
      entity: text(widget.entity) || 'content',
    }));
    const widgets = await discover({ context, widget: { items } });
    const { sanitisers, document } = await serverSanitisers();
    return renderBlocks(widgets, sanitisers, document);
  } catch (error) {
    console.error(`[search] content blocks of ${pageUri} unavailable:`, error);
    return { body: [], seo: [] };
  }
}
