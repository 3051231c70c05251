import { describe, expect, it } from 'vitest';
import { blockAppearance, pagePath, pickBlock, readBlocks } from './config';

describe('content block configuration', () => {
  const { blocks, problems } = readBlocks({
    blocks: [
      { html: '<p>everywhere</p>' },
      {
        pages: ['/'],
        locales: ['en'],
        html: '<h1>Home</h1>',
        css: '.home { color: #123 }',
        cssNames: ['home'],
      },
      { pages: ['/'], locales: ['fr-CA'], html: '<h1>Accueil</h1>' },
      { prefixes: ['/products/'], html: '<p>products</p>' },
      { prefixes: ['/products/cable-tray/'], html: '<p>trays</p>' },
      { patterns: ['/product/*'], locales: ['de', 'nl'], html: '<p>product page</p>' },
      { html: '<img src=x onerror="alert(1)">' },
      { html: '<script>alert(1)</script>' },
      { html: '<a href="javascript:alert(1)">x</a>' },
      { css: 'body { background: url(https://evil.example/x.png) }' },
      { css: '@import "x.css";' },
      { html: '<script type="application/ld+json">{"@type":"Organization"}</script>' },
    ],
  });

  it('refuses blocks whose HTML or CSS could run script or load foreign content', () => {
    expect(problems.map((p) => p.block)).toEqual([6, 7, 8, 9, 10]);
    expect(problems[0]?.message).toMatch(/event handler/);
    expect(blocks).toHaveLength(7);
    expect(blocks.at(-1)?.html).toContain('ld+json');
    expect(readBlocks({}).problems).toEqual([{ block: -1, message: 'config.blocks must be a list' }]);
  });

  it('picks the best page match, then the most specific locale', () => {
    const html = (path: string, code: string, language: string) =>
      pickBlock(blocks, path, code, language)?.html;
    expect(html('/', 'en-US', 'en')).toBe('<h1>Home</h1>');
    expect(html('/', 'fr-CA', 'fr')).toBe('<h1>Accueil</h1>');
    expect(html('/', 'fr-EU', 'fr')).toBe('<p>everywhere</p>');
    expect(html('/products/cable-tray/ladder-tray', 'en-US', 'en')).toBe('<p>trays</p>');
    expect(html('/products/strut-framing', 'en-US', 'en')).toBe('<p>products</p>');
    expect(html('/product/SC-41X41', 'de-EU', 'de')).toBe('<p>product page</p>');
    expect(html('/product/SC-41X41/extra', 'de-EU', 'de')).toBe('<p>everywhere</p>');
    expect(pickBlock(blocks.slice(1, 2), '/about', 'en-US', 'en')).toBeNull();
  });

  it('reads the page path from a URI with or without the locale prefix', () => {
    expect(pagePath('/fr-ca/products/cable-tray/?x=1', 'fr-ca')).toBe('/products/cable-tray');
    expect(pagePath('https://shop.example/fr-ca', 'fr-ca')).toBe('/');
    expect(pagePath('/products', '')).toBe('/products');
    expect(pagePath('/fr-card', 'fr-ca')).toBe('/fr-card');
  });

  it('answers the appearance the SDK renders (HTML, CSS and class names per device)', () => {
    const home = pickBlock(blocks, '/', 'en-GB', 'en');
    expect(home && blockAppearance(home)).toEqual({
      templates: {
        html: {
          devices: {
            pc: { content: '<h1>Home</h1>' },
            mobile: { content: '<h1>Home</h1>' },
            tablet: { content: '<h1>Home</h1>' },
          },
        },
        css: {
          devices: {
            pc: { content: '.home { color: #123 }' },
            mobile: { content: '.home { color: #123 }' },
            tablet: { content: '.home { color: #123 }' },
          },
        },
      },
      css_names: ['home'],
      variables: {},
    });
  });
});
