// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createSanitisers, sanitiseCss } from './sanitize';
import { CSS_PAYLOADS, XSS_PAYLOADS } from './xss-corpus';

const sanitisers = createSanitisers(window);

function dangerous(markup: string): string[] {
  const found: string[] = [];
  const template = document.createElement('template');
  template.innerHTML = markup;
  for (const element of template.content.querySelectorAll('*')) {
    const name = element.nodeName.toLowerCase();
    if (
      [
        'script',
        'iframe',
        'object',
        'embed',
        'svg',
        'math',
        'form',
        'style',
        'base',
        'meta',
        'link',
        'template',
        'noscript',
      ].includes(name)
    ) {
      found.push(`<${name}>`);
    }
    for (const attribute of element.attributes) {
      const value = [...attribute.value]
        .filter((c) => c.charCodeAt(0) > 32)
        .join('')
        .toLowerCase();
      if (
        attribute.name.startsWith('on') ||
        ['style', 'srcdoc', 'formaction', 'id', 'name'].includes(attribute.name)
      ) {
        found.push(`${name}[${attribute.name}]`);
      }
      if (/^(javascript|vbscript|data):/.test(value))
        found.push(`${name}[${attribute.name}=${value.slice(0, 11)}]`);
    }
  }
  return found;
}

describe('widget HTML sanitiser', () => {
  it.each(XSS_PAYLOADS)('body HTML: %s keeps nothing that can run', (_id, payload) => {
    expect(dangerous(sanitisers.body(payload))).toEqual([]);
  });

  it.each(XSS_PAYLOADS)('head HTML: %s keeps nothing that can run', (_id, payload) => {
    for (const node of sanitisers.head(payload, document)) {
      const element = node as Element;
      if (element.nodeName === 'SCRIPT') {
        expect(element.getAttribute('type')).toBe('application/ld+json');
        expect(() => JSON.parse(element.textContent ?? '')).not.toThrow();
        expect(element.textContent).not.toContain('</');
        continue;
      }
      expect(['META', 'LINK']).toContain(element.nodeName);
      expect(element.hasAttribute('http-equiv')).toBe(false);
      if (element.nodeName === 'LINK')
        expect(['canonical', 'alternate', 'prev', 'next']).toContain(element.getAttribute('rel'));
    }
  });

  it('keeps ordinary content', () => {
    const html =
      '<section class="promo"><h2>Strut</h2><p>Read the <a href="/products/strut" title="Strut">guide</a> or ' +
      '<a href="https://example.com/x" target="_blank">this</a>.</p><img src="/img/a.png" alt="A" width="10">' +
      '<ul><li>One</li></ul><table><tr><th scope="col">A</th></tr></table></section>';
    const out = sanitisers.body(html);
    expect(out).toContain('<h2>Strut</h2>');
    expect(out).toContain('href="/products/strut"');
    expect(out).toContain('rel="noopener noreferrer"');
    expect(out).toContain('<img src="/img/a.png" alt="A" width="10">');
    expect(out).toContain('<th scope="col">A</th>');
    expect(out).toContain('class="promo"');
  });

  it('keeps SEO meta, canonical links and JSON-LD', () => {
    const nodes = sanitisers.head(
      '<meta name="description" content="Conduit"><meta property="og:title" content="T">' +
        '<link rel="canonical" href="https://shop.example/search"><link rel="preload" href="/x.js">' +
        '<script type="application/ld+json">{"@type":"WebSite","name":"x<y"}</script>',
      document,
    );
    const html = nodes.map((node) => (node as Element).outerHTML);
    expect(html).toEqual([
      '<meta name="description" content="Conduit">',
      '<meta property="og:title" content="T">',
      '<link rel="canonical" href="https://shop.example/search">',
      '<script type="application/ld+json">{"@type":"WebSite","name":"x\\u003cy"}</script>',
    ]);
  });
});

describe('widget CSS sanitiser', () => {
  it.each(CSS_PAYLOADS)('%s', (_id, css) => {
    const out = sanitiseCss(css);
    expect(out).not.toMatch(/<\/|@import|expression\s*\(|javascript:|-moz-binding|behavior|https?:/i);
  });

  it('keeps ordinary rules and same-site images', () => {
    expect(sanitiseCss('.promo { color: #123; background: url("/img/a.png") no-repeat; }')).toBe(
      '.promo { color: #123; background: url("/img/a.png") no-repeat; }',
    );
    expect(sanitiseCss('.x{background:url(//evil.example/a.png)}')).toBe('.x{background:none}');
  });
});
