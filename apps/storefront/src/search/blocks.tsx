'use client';

import {
  useContentBlock,
  usePageWidgets,
  WidgetDataType,
  widget,
  withPageWidgets,
} from '@sitecore-search/react';
import { useLayoutEffect, useRef } from 'react';
import { createSanitisers, type Sanitisers, sanitiseCss } from './sanitize';
import type { BlocksSlotProps } from './slots';

/**
 * The banner, HTML block and SEO block widgets a page asks for (spec §2): the SDK's page-widgets request
 * (`context.page.uri`, no items) lists the widgets the service configures for the page URI and locale,
 * then each is fetched as its own widget. Unlike the SDK's own ContentBlock (which assigns the service's
 * HTML to `innerHTML` as it comes), every piece goes through `sanitize.ts` first: body HTML through the
 * allow-list, CSS into one `<style data-rfk-id-style="{rfk_id}">`, SEO HTML (meta, canonical links,
 * JSON-LD only) inserted at the start of `<head>` and removed when the page goes.
 */

let sanitisers: Sanitisers | null = null;
function sanitiser(): Sanitisers {
  sanitisers ??= createSanitisers(window);
  return sanitisers;
}

interface Appearance {
  css_names?: string[];
  templates?: {
    html?: { devices?: { pc?: { content?: string } } };
    css?: { devices?: { pc?: { content?: string } } };
  };
}

const CLASS_NAME = /^[A-Za-z_][\w-]{0,63}$/;

function SafeBlock() {
  const { rfkId, widgetRef, queryResult } = useContentBlock();
  const data = queryResult.data as unknown as { type?: string; appearance?: Appearance } | undefined;
  const appearance = data?.appearance ?? {};
  const html = appearance.templates?.html?.devices?.pc?.content ?? '';
  const css = appearance.templates?.css?.devices?.pc?.content ?? '';
  const isSeo = data?.type === WidgetDataType.SEO;
  const contentRef = useRef<HTMLDivElement>(null);

  // Widget CSS: one style element per widget id.
  useLayoutEffect(() => {
    if (!css || isSeo) return;
    const style = document.createElement('style');
    style.dataset.rfkIdStyle = rfkId;
    style.textContent = sanitiseCss(css);
    for (const old of document.head.querySelectorAll(`style[data-rfk-id-style="${CSS.escape(rfkId)}"]`))
      old.remove();
    document.head.append(style);
    return () => style.remove();
  }, [rfkId, css, isSeo]);

  // Banner / HTML block body.
  useLayoutEffect(() => {
    if (isSeo || !contentRef.current) return;
    contentRef.current.innerHTML = html ? sanitiser().body(html) : '';
  }, [html, isSeo]);

  // SEO block: at the start of the head.
  useLayoutEffect(() => {
    if (!isSeo || !html) return;
    const nodes = sanitiser().head(html, document);
    for (const node of [...nodes].reverse()) {
      (node as Element).setAttribute('data-rfk-id-seo', rfkId);
      document.head.prepend(node);
    }
    return () => {
      for (const node of nodes) (node as Element).remove();
    };
  }, [html, isSeo, rfkId]);

  if (isSeo) return null;
  const classNames = (appearance.css_names ?? []).filter((name) => CLASS_NAME.test(name));
  return (
    <div ref={widgetRef} data-rfkid={rfkId} className={['search-block', ...classNames].join(' ')}>
      <div ref={contentRef} />
    </div>
  );
}

const SafeBlockWidget = widget(SafeBlock, WidgetDataType.HTML_BLOCK, 'content');

function BlocksList({ pageUri }: { pageUri: string }) {
  const { data: widgets = [] } = usePageWidgets(pageUri) as {
    data?: Array<{ rfkId: string; entity: string }>;
  };
  return (
    <>
      {widgets
        .filter(({ entity }) => entity === 'content')
        .map(({ rfkId }) => (
          <SafeBlockWidget key={rfkId} rfkId={rfkId} />
        ))}
    </>
  );
}

const PageBlocks = withPageWidgets(BlocksList as never) as unknown as typeof BlocksList;

export function ContentBlocks({ pageUri }: BlocksSlotProps) {
  return <PageBlocks pageUri={pageUri} />;
}
