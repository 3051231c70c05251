import createDOMPurify, { type Config, type DOMPurify, type WindowLike } from 'dompurify';

/**
 * Sanitising what the search service's banner, HTML block and SEO block widgets inject (spec §2):
 * DOMPurify with an allow-list. DOMPurify parses with the browser's own HTML parser, so what it checks is
 * exactly what the page will build (no parser differential, which string-based sanitisers such as
 * sanitize-html risk), it is small (≈ 8 KB compressed; sanitize-html pulls in htmlparser2 and PostCSS)
 * and it is the most used and fuzzed sanitiser there is. Loaded only with the widgets, on demand.
 *
 * - Body HTML (banner, HTML block): text, headings, lists, tables, links, images; attributes `class`,
 *   `href`, `src`, `alt`, `title`, sizes, `lang`, `dir`, ARIA; URLs http(s), mailto, tel or relative;
 *   no `style`/`id`/`on*`/`form`/`iframe`/`svg`/`math`; links opening a new tab get `rel=noopener`.
 * - Head HTML (SEO): `meta` (name/property/content), `link` with rel canonical/alternate/prev/next, and
 *   JSON-LD (`<script type="application/ld+json">`), which is parsed as JSON and written back as text,
 *   so it can carry data but never code. No `http-equiv` (meta refresh) and no other scripts.
 * - Widget CSS: a string placed with `textContent` into one `<style>` per widget; `@import`, `url()` to
 *   anything but a same-site path, `expression()`, `behavior`, `-moz-binding` and `</` are removed.
 */

const BODY_TAGS = [
  'a',
  'abbr',
  'article',
  'aside',
  'b',
  'blockquote',
  'br',
  'caption',
  'cite',
  'code',
  'dd',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'footer',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'i',
  'img',
  'li',
  'mark',
  'ol',
  'p',
  'picture',
  'q',
  's',
  'section',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'time',
  'tr',
  'u',
  'ul',
];
const BODY_ATTRIBUTES = [
  'alt',
  'class',
  'colspan',
  'datetime',
  'dir',
  'height',
  'href',
  'lang',
  'loading',
  'rel',
  'rowspan',
  'scope',
  'src',
  'target',
  'title',
  'width',
];
/** http(s), mailto, tel, or a relative URL (no scheme before the first `/`, `?` or `#`). */
const SAFE_URL = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

export const BODY_CONFIG: Config = {
  ALLOWED_TAGS: BODY_TAGS,
  ALLOWED_ATTR: BODY_ATTRIBUTES,
  ALLOWED_URI_REGEXP: SAFE_URL,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: true,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // Only href and src are URLs: other values may contain a colon ("Note: …", `md:grid`).
  ADD_URI_SAFE_ATTR: ['alt', 'class', 'title', 'datetime', 'lang'],
  SANITIZE_DOM: true,
  SANITIZE_NAMED_PROPS: true,
  FORBID_TAGS: [
    'style',
    'script',
    'iframe',
    'object',
    'embed',
    'form',
    'svg',
    'math',
    'template',
    'meta',
    'link',
    'base',
  ],
  FORBID_ATTR: ['style', 'srcset', 'srcdoc', 'formaction', 'xlink:href', 'action', 'id', 'name'],
};

export const HEAD_CONFIG: Config = {
  ALLOWED_TAGS: ['meta', 'link'],
  ALLOWED_ATTR: ['name', 'property', 'content', 'rel', 'href', 'hreflang', 'itemprop'],
  ALLOWED_URI_REGEXP: SAFE_URL,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // `og:title`, `twitter:card` and any text are fine in these; only href is a URL.
  ADD_URI_SAFE_ATTR: ['name', 'property', 'content', 'itemprop', 'hreflang'],
  FORCE_BODY: true,
};

const LINK_RELS = new Set(['canonical', 'alternate', 'prev', 'next']);

export interface Sanitisers {
  /** Banner and HTML block markup → safe markup (a string for `innerHTML`). */
  body(html: string): string;
  /** SEO block markup → the nodes to insert at the start of `<head>`. */
  head(html: string, document: Document): Node[];
}

function withBodyHooks(purify: DOMPurify): DOMPurify {
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.getAttribute('target')) {
      if (node.getAttribute('target') !== '_blank') node.removeAttribute('target');
      else node.setAttribute('rel', 'noopener noreferrer');
    }
    if (node.nodeName !== 'A') node.removeAttribute('rel');
    if (node.nodeName !== 'A') node.removeAttribute('target');
  });
  return purify;
}

function withHeadHooks(purify: DOMPurify): DOMPurify {
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'LINK') {
      const rels = (node.getAttribute('rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      if (rels.length === 0 || !rels.every((rel) => LINK_RELS.has(rel)) || !node.getAttribute('href')) {
        node.parentNode?.removeChild(node);
      }
    }
    if (node.nodeName === 'META' && !node.getAttribute('content')) node.parentNode?.removeChild(node);
  });
  return purify;
}

/** JSON-LD blocks of `html` as re-serialised JSON texts (unparsable ones are dropped), and the rest. */
export function extractJsonLd(html: string): { jsonLd: string[]; rest: string } {
  const jsonLd: string[] = [];
  const rest = html.replace(
    /<script\b[^>]*\btype\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script\s*>/gi,
    (_match, body: string) => {
      try {
        // `<` escaped: the text can never close the script element it goes into.
        jsonLd.push(JSON.stringify(JSON.parse(body)).replace(/</g, '\\u003c'));
      } catch {
        // Not JSON: dropped.
      }
      return '';
    },
  );
  return { jsonLd, rest };
}

/** Removes what could load or run anything from widget CSS. */
export function sanitiseCss(css: string): string {
  return css
    .replace(/<\/?\s*style/gi, '')
    .replace(/<\//g, '')
    .replace(/\\/g, '')
    .replace(/@import[^;]*;?/gi, '')
    .replace(/expression\s*\(/gi, '(')
    .replace(/(?:-moz-binding|behaviou?r)\s*:[^;}]*/gi, '')
    .replace(/url\s*\(\s*(['"]?)([^'")]*)\1\s*\)/gi, (match, _quote, target: string) =>
      /^\/(?!\/)[^:]*$/.test(target.trim()) ? match : 'none',
    )
    .replace(/(?:java|vb)script\s*:/gi, '');
}

/** The sanitisers, on the given window (the browser's, or a test DOM's). */
export function createSanitisers(window: WindowLike): Sanitisers {
  const body = withBodyHooks(createDOMPurify(window));
  const head = withHeadHooks(createDOMPurify(window));
  return {
    body: (html) => body.sanitize(html, { ...BODY_CONFIG, RETURN_TRUSTED_TYPE: false }) as string,
    head(html, document) {
      const { jsonLd, rest } = extractJsonLd(html);
      const fragment = head.sanitize(rest, { ...HEAD_CONFIG, RETURN_DOM_FRAGMENT: true });
      const nodes: Node[] = [...fragment.childNodes].filter((node) => node.nodeType === 1);
      for (const text of jsonLd) {
        const script = document.createElement('script');
        script.type = 'application/ld+json';
        script.textContent = text;
        nodes.push(script);
      }
      return nodes;
    },
  };
}
