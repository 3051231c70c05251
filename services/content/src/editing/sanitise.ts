import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * Rich text of content items is sanitised on the server when a draft is saved, with an allow-list, so
 * what is stored, previewed and published is already safe whatever client reads it (the storefront's
 * block sanitiser, `apps/storefront/src/search/sanitize.ts`, runs again in the browser with the same
 * lists). DOMPurify on jsdom: jsdom parses with parse5, the HTML standard's algorithm that browsers use,
 * so what is checked is what a browser will build (no parser differential).
 *
 * - Body HTML (page bodies, banner and HTML blocks): text, headings, lists, tables, links, images;
 *   attributes `class`, `href`, `src`, `alt`, `title`, sizes, `lang`, `dir`, ARIA; URLs http(s), mailto,
 *   tel or relative (`{base}/…` placeholders included); no `style`, `id`, `on…`, forms, frames, SVG,
 *   MathML, scripts; a link opening a new tab gets `rel="noopener noreferrer"`.
 * - Head HTML (SEO blocks): `meta` (name/property/content), `link` with rel canonical/alternate/prev/next,
 *   and JSON-LD, parsed as JSON and written back (so it carries data, never code; `<` escaped).
 * - CSS (blocks): `@import`, `url()` to anything but a same-site path, `expression()`, `behavior`,
 *   `-moz-binding`, `<` and script URLs are removed.
 */

const BODY_TAGS = [
  ...['a', 'abbr', 'article', 'aside', 'b', 'blockquote', 'br', 'caption', 'cite', 'code', 'dd', 'div'],
  ...['dl', 'dt', 'em', 'figcaption', 'figure', 'footer', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr'],
  ...['i', 'img', 'li', 'mark', 'ol', 'p', 'picture', 'q', 's', 'section', 'small', 'span', 'strong'],
  ...['sub', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'u', 'ul'],
];
const BODY_ATTRIBUTES = [
  ...['alt', 'class', 'colspan', 'datetime', 'dir', 'height', 'href', 'lang', 'loading', 'rel'],
  ...['rowspan', 'scope', 'src', 'target', 'title', 'width'],
];
/** http(s), mailto, tel, or a relative URL (no scheme before the first `/`, `?` or `#`). */
const SAFE_URL = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

const BODY_CONFIG: Config = {
  ALLOWED_TAGS: BODY_TAGS,
  ALLOWED_ATTR: BODY_ATTRIBUTES,
  ALLOWED_URI_REGEXP: SAFE_URL,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: true,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // Only href and src are URLs: other values may contain a colon ("Note: …").
  ADD_URI_SAFE_ATTR: ['alt', 'class', 'title', 'datetime', 'lang'],
  SANITIZE_DOM: true,
  SANITIZE_NAMED_PROPS: true,
  FORBID_TAGS: ['style', 'script', 'iframe', 'object', 'embed', 'form', 'svg', 'math', 'template'],
  FORBID_ATTR: ['style', 'srcset', 'srcdoc', 'formaction', 'xlink:href', 'action', 'id', 'name'],
  RETURN_TRUSTED_TYPE: false,
};

const HEAD_CONFIG: Config = {
  ALLOWED_TAGS: ['meta', 'link'],
  ALLOWED_ATTR: ['name', 'property', 'content', 'rel', 'href', 'hreflang', 'itemprop'],
  ALLOWED_URI_REGEXP: SAFE_URL,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ADD_URI_SAFE_ATTR: ['name', 'property', 'content', 'itemprop', 'hreflang'],
  FORCE_BODY: true,
  RETURN_TRUSTED_TYPE: false,
};

const LINK_RELS = new Set(['canonical', 'alternate', 'prev', 'next']);

function purifiers(): { body: DOMPurify; head: DOMPurify } {
  // One window per process: DOMPurify only creates detached nodes in it.
  const { window } = new JSDOM('');
  const body = createDOMPurify(window);
  body.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.getAttribute('target')) {
      if (node.getAttribute('target') !== '_blank') node.removeAttribute('target');
      else node.setAttribute('rel', 'noopener noreferrer');
    }
    if (node.nodeName !== 'A') {
      node.removeAttribute('rel');
      node.removeAttribute('target');
    }
  });
  const head = createDOMPurify(window);
  head.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'LINK') {
      const rels = (node.getAttribute('rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      if (rels.length === 0 || !rels.every((rel) => LINK_RELS.has(rel)) || !node.getAttribute('href'))
        node.parentNode?.removeChild(node);
    }
    // A meta that names nothing (an `http-equiv` one, its attribute removed) has no use.
    if (
      node.nodeName === 'META' &&
      (!node.getAttribute('content') || !['name', 'property', 'itemprop'].some((a) => node.hasAttribute(a)))
    )
      node.parentNode?.removeChild(node);
  });
  return { body, head };
}

let made: { body: DOMPurify; head: DOMPurify } | undefined;
const purify = () => {
  made ??= purifiers();
  return made;
};

/** Body markup (page bodies, banner and HTML blocks) reduced to the allow-list. */
export function sanitiseBodyHtml(html: string): string {
  return purify().body.sanitize(html, BODY_CONFIG) as string;
}

/** SEO block markup: allowed `meta` and `link` elements, then each JSON-LD block re-serialised. */
export function sanitiseHeadHtml(html: string): string {
  const jsonLd: string[] = [];
  const rest = html.replace(
    /<script\b[^>]*\btype\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script\s*>/gi,
    (_match, body: string) => {
      try {
        // `<` escaped: the text can never close the script element it goes into.
        jsonLd.push(JSON.stringify(JSON.parse(body)).replace(/</g, '\\u003c'));
      } catch {
        // Not JSON: not data, so it is dropped like any other script.
      }
      return '';
    },
  );
  const elements = purify().head.sanitize(rest, HEAD_CONFIG) as string;
  return (
    elements.trim() + jsonLd.map((json) => `<script type="application/ld+json">${json}</script>`).join('')
  );
}

/** Block CSS without what could load or run anything. */
export function sanitiseCss(css: string): string {
  return (
    css
      // No markup: CSS needs no `<`, and the search service refuses blocks whose CSS holds `<script`.
      .replace(/</g, '')
      .replace(/\\/g, '')
      .replace(/@import[^;]*;?/gi, '')
      .replace(/expression\s*\(/gi, '(')
      .replace(/(?:-moz-binding|behaviou?r)\s*:[^;}]*/gi, '')
      .replace(/url\s*\(\s*(['"]?)([^'")]*)\1\s*\)/gi, (match, _quote, target: string) =>
        /^\/(?!\/)[^:]*$/.test(target.trim()) ? match : 'none',
      )
      .replace(/(?:java|vb)script\s*:/gi, '')
  );
}
