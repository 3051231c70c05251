import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createSanitisers } from './sanitize';
import { renderBlocks } from './server-blocks';
import { CSS_PAYLOADS, XSS_PAYLOADS } from './xss-corpus';

const { window } = new JSDOM('<!doctype html><html><head></head><body></body></html>');
const sanitisers = createSanitisers(window as never);
const corpus = XSS_PAYLOADS.map(([, html]) => html).join('\n');
const css = CSS_PAYLOADS.map(([, payload]) => payload).join('\n');

function widget(rfk_id: string, type: string, html: string, cssText = '', css_names: unknown[] = []) {
  return {
    rfk_id,
    type,
    entity: 'content',
    appearance: {
      css_names,
      templates: {
        html: { devices: { pc: { content: html } } },
        css: { devices: { pc: { content: cssText } } },
      },
    },
  };
}

describe('server-rendered content blocks', () => {
  it('renders banner and HTML blocks sanitised, with their CSS and class names', () => {
    const blocks = renderBlocks(
      [
        widget('b1', 'banner', `<p class="x">Hi</p>${corpus}`, `.x{color:red}\n${css}`, [
          'promo',
          'bad"name',
          5,
        ]),
        widget('h1', 'html_block', corpus),
        widget('r1', 'recommendation', '<p>not a block</p>'),
      ],
      sanitisers,
      window.document,
    );
    expect(blocks.body.map((b) => b.rfkId)).toEqual(['b1', 'h1']);
    const [banner] = blocks.body;
    expect(banner?.classNames).toEqual(['promo']);
    expect(banner?.html).toContain('<p class="x">Hi</p>');
    expect(banner?.css).toContain('.x{color:red}');
    for (const block of blocks.body) {
      expect(block.html).not.toMatch(
        /<(script|iframe|object|embed|svg|math|form|style|meta|link|base)\b|\son\w+=|javascript:|srcdoc/i,
      );
      expect(block.css).not.toMatch(/<\/|@import|expression\(|javascript:/i);
    }
  });

  it('keeps only meta, canonical links and JSON-LD of SEO blocks', () => {
    const { seo, body } = renderBlocks(
      [widget('s1', 'seo', `<meta name="description" content="Conduit">${corpus}`)],
      sanitisers,
      window.document,
    );
    expect(body).toEqual([]);
    expect(seo).toHaveLength(1);
    const template = window.document.createElement('template');
    template.innerHTML = seo[0]?.html ?? '';
    for (const element of template.content.children) {
      expect(['META', 'LINK', 'SCRIPT']).toContain(element.nodeName);
      if (element.nodeName === 'SCRIPT') expect(element.getAttribute('type')).toBe('application/ld+json');
      expect(element.hasAttribute('http-equiv')).toBe(false);
    }
    expect(seo[0]?.html).toContain('<meta name="description" content="Conduit">');
  });

  it('ignores malformed widgets', () => {
    expect(
      renderBlocks(
        [{}, { rfk_id: 5, type: 'banner' }, { rfk_id: 'x', type: 'banner' }] as never,
        sanitisers,
        window.document,
      ),
    ).toEqual({
      body: [{ rfkId: 'x', type: 'banner', classNames: [], html: '', css: '' }],
      seo: [],
    });
  });
});
