// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { SEO_PLACEMENT_SCRIPT } from './seo-placement-script';
import { placeSeoBlocks, SEO_COPY_ATTRIBUTE, watchBlockViews } from './server-blocks-follow';

function page(seo: Record<string, string>, blocks: string[] = []): void {
  document.body.innerHTML = `
    <div class="search-blocks">${blocks.map((id) => `<div data-rfkid="${id}" class="search-block"></div>`).join('')}</div>
    ${Object.entries(seo)
      .map(([id, html]) => `<template data-rfk-id-seo="${id}">${html}</template>`)
      .join('')}`;
}

describe('SEO blocks in the head', () => {
  beforeEach(() => {
    document.head.innerHTML = '<title>Page</title><meta name="viewport" content="width=device-width">';
  });

  it('places a copy of each block at the start of the head, in page order', () => {
    page({ a: '<meta name="description" content="Cable tray">', b: '<link rel="canonical" href="/x">' });
    placeSeoBlocks(document);
    const head = [...document.head.children].map((e) => e.outerHTML);
    expect(head[0]).toBe(
      `<meta name="description" content="Cable tray" data-rfk-id-seo="a" ${SEO_COPY_ATTRIBUTE}="">`,
    );
    expect(head[1]).toContain('rel="canonical"');
    expect(head.slice(2)).toEqual([
      '<title>Page</title>',
      '<meta name="viewport" content="width=device-width">',
    ]);
  });

  it('replaces the previous page’s copies after a client-side navigation, and removes them on a page without', () => {
    page({ a: '<meta name="description" content="Cable tray">' });
    placeSeoBlocks(document);
    page({ a: '<meta name="description" content="Strut">' });
    placeSeoBlocks(document);
    placeSeoBlocks(document);
    const descriptions = [...document.head.querySelectorAll('meta[name="description"]')];
    expect(descriptions.map((m) => m.getAttribute('content'))).toEqual(['Strut']);
    page({});
    placeSeoBlocks(document);
    expect(document.head.querySelectorAll(`[${SEO_COPY_ATTRIBUTE}]`)).toHaveLength(0);
    expect(document.head.querySelector('title')).not.toBeNull();
  });

  it('places them the same way from the page’s inline script, which runs with nothing but the document', () => {
    const seo = {
      a: '<meta name="description" content="Cable tray">',
      b: '<script type="application/ld+json">{}</script>',
    };
    page(seo);
    placeSeoBlocks(document);
    const byFunction = document.head.innerHTML;
    document.head.innerHTML = '<title>Page</title><meta name="viewport" content="width=device-width">';
    page(seo);
    // Global scope only, as an inline <script> has: no module, no import.
    new Function(SEO_PLACEMENT_SCRIPT)();
    expect(document.head.innerHTML).toBe(byFunction);
    expect(document.head.querySelectorAll(`[${SEO_COPY_ATTRIBUTE}]`)).toHaveLength(2);
  });

  it('leaves head nodes it did not make alone (the search page’s SDK blocks)', () => {
    const sdk = document.createElement('meta');
    sdk.setAttribute('data-rfk-id-seo', 'sdk');
    document.head.prepend(sdk);
    page({});
    placeSeoBlocks(document);
    expect(document.head.contains(sdk)).toBe(true);
  });
});

describe('block views', () => {
  type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;
  let observers: { callback: Callback; watched: Set<Element>; options?: IntersectionObserverInit }[];
  class FakeObserver {
    readonly watched = new Set<Element>();
    constructor(
      readonly callback: Callback,
      readonly options?: IntersectionObserverInit,
    ) {
      observers.push(this);
    }
    observe(target: Element) {
      this.watched.add(target);
    }
    unobserve(target: Element) {
      this.watched.delete(target);
    }
    disconnect() {
      this.watched.clear();
    }
  }
  const Observer = FakeObserver as unknown as typeof IntersectionObserver;
  beforeEach(() => {
    observers = [];
  });

  it('reports each block once, when at least 20 % of it is visible', () => {
    page({}, ['help', 'banner']);
    const seen: string[] = [];
    watchBlockViews(document, (id) => seen.push(id), Observer);
    const [observer] = observers;
    expect(observer?.options?.threshold).toBe(0.2);
    const [help, banner] = [...(observer?.watched ?? [])];
    observer?.callback([{ target: help, isIntersecting: true, intersectionRatio: 0.1 }]);
    expect(seen).toEqual([]);
    observer?.callback([{ target: help, isIntersecting: true, intersectionRatio: 0.5 }]);
    observer?.callback([{ target: help, isIntersecting: true, intersectionRatio: 1 }]);
    expect(seen).toEqual(['help']);
    expect(observer?.watched.has(banner as Element)).toBe(true);
  });

  it('watches nothing on a page without server blocks, and stops when asked', () => {
    page({});
    watchBlockViews(document, () => undefined, Observer);
    expect(observers).toHaveLength(0);
    page({}, ['help']);
    const stop = watchBlockViews(document, () => undefined, Observer);
    stop();
    expect(observers[0]?.watched.size).toBe(0);
  });
});
