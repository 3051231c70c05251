/**
 * Content blocks (`content_block`, `html_block`, `banner`, `seo` widgets): per widget a list of blocks,
 * each shown on the pages it matches in the locales it names. The configuration is the widget's `config`
 * in packages/dataset/data/search.yaml:
 *
 * ```yaml
 * config:
 *   blocks:
 *     - pages: [/]                  # exact paths (without the locale prefix)
 *       prefixes: [/products/]      # path prefixes
 *       patterns: [/products/*]     # `*` = one path segment, `**` = any rest
 *       locales: [en-US, en-CA]     # locale codes or languages (en, fr, …); omitted = every locale
 *       html: <div class="hero">…<a href="{base}/projects">…</a></div>   # {base}: the locale's URL prefix
 *       css: .hero { … }
 *       cssNames: [hero]
 *       content: [{ … }]            # JSON items (content blocks)
 *       variables: { title: { value: … } }
 * ```
 *
 * A block with none of pages/prefixes/patterns matches every page. HTML and CSS that could run script are
 * refused when the configuration is read (the storefront sanitises again with its allow-list).
 */

export interface Block {
  pages: string[];
  prefixes: string[];
  patterns: RegExp[];
  /** Lowercase locale codes and languages; empty = every locale. */
  locales: string[];
  html: string | null;
  css: string | null;
  cssNames: string[];
  content: Record<string, unknown>[];
  variables: Record<string, unknown>;
}

export interface BlockConfigProblem {
  block: number;
  message: string;
}

const HTML_LIMIT = 64 * 1024;

/** Markup that runs script or loads active content: never accepted in a block. */
const UNSAFE_HTML: [RegExp, string][] = [
  [
    /<script\b(?![^>]*\btype\s*=\s*["']?application\/ld\+json)/i,
    'a <script> element (only JSON-LD is allowed)',
  ],
  [
    /<(iframe|frame|object|embed|applet|base|form|meta\s[^>]*http-equiv)\b/i,
    'an embedding or navigation element',
  ],
  [/\son[a-z]+\s*=/i, 'an event handler attribute (on…=)'],
  [/(javascript|vbscript|data\s*:\s*text\/html)\s*:/i, 'a script URL'],
  [/\bsrcdoc\s*=/i, 'a srcdoc attribute'],
];
const UNSAFE_CSS: [RegExp, string][] = [
  [/<\/?style|<script/i, 'markup inside CSS'],
  [/expression\s*\(|javascript\s*:|behavior\s*:|-moz-binding/i, 'script in CSS'],
  [/@import/i, 'an @import'],
  [/url\s*\(\s*['"]?\s*(https?:)?\/\//i, 'a url() outside the site'],
];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function strings(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v): v is string => typeof v === 'string' && v.length > 0);
}

/** A path without query, fragment and trailing slash, always starting with `/`. */
export function normalisePath(path: string): string {
  let value = path.split(/[?#]/)[0] ?? '';
  if (!value.startsWith('/')) value = `/${value}`;
  value = value.replace(/\/{2,}/g, '/');
  return value.length > 1 ? value.replace(/\/+$/, '') : value;
}

function patternOf(pattern: string): RegExp {
  const parts = normalisePath(pattern)
    .split('/')
    .map((segment) =>
      segment === '**'
        ? '.*'
        : segment
            .split('*')
            .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
            .join('[^/]*'),
    );
  return new RegExp(`^${parts.join('/')}$`, 'i');
}

/** Reads a block widget's `config.blocks`; unsafe or malformed blocks are left out and reported. */
export function readBlocks(config: Record<string, unknown>): {
  blocks: Block[];
  problems: BlockConfigProblem[];
} {
  const blocks: Block[] = [];
  const problems: BlockConfigProblem[] = [];
  const list = config.blocks;
  if (!Array.isArray(list)) {
    return { blocks, problems: [{ block: -1, message: 'config.blocks must be a list' }] };
  }
  list.forEach((raw, i) => {
    if (!isObject(raw)) {
      problems.push({ block: i, message: 'a block must be a mapping' });
      return;
    }
    const html = typeof raw.html === 'string' ? raw.html : null;
    const css = typeof raw.css === 'string' ? raw.css : null;
    if ((html?.length ?? 0) + (css?.length ?? 0) > HTML_LIMIT) {
      problems.push({ block: i, message: `html and css exceed ${HTML_LIMIT} characters` });
      return;
    }
    const unsafe =
      (html && UNSAFE_HTML.find(([pattern]) => pattern.test(html))) ||
      (css && UNSAFE_CSS.find(([pattern]) => pattern.test(css)));
    if (unsafe) {
      problems.push({ block: i, message: `refused: ${unsafe[1]}` });
      return;
    }
    const content = Array.isArray(raw.content)
      ? raw.content.filter(isObject)
      : isObject(raw.content)
        ? [raw.content]
        : [];
    blocks.push({
      pages: strings(raw.pages).map(normalisePath),
      prefixes: strings(raw.prefixes).map((p) => (p.startsWith('/') ? p : `/${p}`)),
      patterns: strings(raw.patterns).map(patternOf),
      locales: strings(raw.locales).map((l) => l.toLowerCase().replace('_', '-')),
      html,
      css,
      cssNames: strings(raw.cssNames),
      content,
      variables: isObject(raw.variables) ? raw.variables : {},
    });
  });
  return { blocks, problems };
}

/** How well a block's pages match a path: exact 4, pattern 3, prefix 2 (+ its length), any page 1, else 0. */
function pageMatch(block: Block, path: string): number {
  if (block.pages.length === 0 && block.prefixes.length === 0 && block.patterns.length === 0) return 1;
  if (block.pages.some((p) => p.toLowerCase() === path.toLowerCase())) return 4;
  if (block.patterns.some((p) => p.test(path))) return 3;
  const prefix = block.prefixes
    .filter(
      (p) => path.toLowerCase().startsWith(p.toLowerCase()) || `${path}/`.toLowerCase() === p.toLowerCase(),
    )
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? 2 + Math.min(prefix.length, 999) / 1000 : 0;
}

/** How well a block's locales match: the locale code 2, its language 1, no restriction 0.5, else 0. */
function localeMatch(block: Block, code: string, language: string): number {
  if (block.locales.length === 0) return 0.5;
  if (block.locales.includes(code.toLowerCase())) return 2;
  if (block.locales.includes(language.toLowerCase())) return 1;
  return 0;
}

/**
 * The block for a page: the best page match (exact, pattern, longest prefix, any), then the most specific
 * locale; the first block in the file wins a tie. Null when none matches.
 */
export function pickBlock(blocks: Block[], path: string, code: string, language: string): Block | null {
  let best: Block | null = null;
  let bestScore = 0;
  for (const block of blocks) {
    const page = pageMatch(block, path);
    const locale = localeMatch(block, code, language);
    if (page === 0 || locale === 0) continue;
    const score = page * 10 + locale;
    if (score > bestScore) {
      best = block;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The page's path without the locale prefix: `context.page.uri` may be a path or a full URL, with the
 * locale's prefix (`/fr-ca/products/x`) or without it (the default locale).
 */
export function pagePath(uri: string, urlPrefix: string): string {
  let path = uri;
  try {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(uri)) path = new URL(uri).pathname;
  } catch {
    path = uri;
  }
  path = normalisePath(path);
  if (urlPrefix) {
    const lower = path.toLowerCase();
    const prefix = `/${urlPrefix.toLowerCase()}`;
    if (lower === prefix) return '/';
    if (lower.startsWith(`${prefix}/`)) return path.slice(prefix.length);
  }
  return path;
}

/** Fills `{base}` (the locale's URL prefix, e.g. `/fr-ca`, '' for the default locale) into a block's text. */
export function withBase(text: string, base: string): string {
  return text.replaceAll('{base}', base);
}

/**
 * The response fields of a block widget as the SDK's ContentBlock and SEO components read them; `base` is
 * the locale's URL prefix that links in the HTML are written with (`href="{base}/projects"`).
 */
export function blockAppearance(block: Block, base = ''): Record<string, unknown> {
  const devices = (content: string) => ({ pc: { content }, mobile: { content }, tablet: { content } });
  return {
    templates: {
      ...(block.html !== null ? { html: { devices: devices(withBase(block.html, base)) } } : {}),
      ...(block.css !== null ? { css: { devices: devices(block.css) } } : {}),
    },
    css_names: block.cssNames,
    variables: block.variables,
  };
}
