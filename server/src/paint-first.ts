import type { ServerResponse } from 'node:http';
import { type BodyRewriter, rewriteBody } from './body-rewrite';

/**
 * Paint first, then load the framework: the page's own chunks (`/_next/static/…`) are fetched only after
 * the browser has painted the server-rendered shell, instead of racing it.
 *
 * Next (through React's `preinit` and bootstrap scripts) puts every first-party chunk in the head as
 * `<script src async>` plus a preload of the bootstrap chunk. On a fast connection they arrive before the
 * first frame and their compilation and React's hydration hold the paint back; on a slow one they share
 * the line with the stylesheet. Lighthouse's mobile simulation counts every script that ran before the
 * largest paint on that paint's path (docs/BENCHMARKS.md, issue 7). Here each such tag becomes a call
 * of a small inline loader (queued in the head, the bootstrap one arms it once the shell has been parsed),
 * and the loader inserts the same scripts, async, once the shell's frame is on screen: two
 * `requestAnimationFrame` turns after the shell, and then once the first contentful paint has been
 * reported or two frames after the load event, whichever comes first (Chromium reports the paint when
 * the frame is presented, which on a busy machine can come after both). A hidden tab loads
 * them at once (it paints nothing); DOMContentLoaded arms the loader if a page has no bootstrap script.
 *
 * Everything else (inline scripts, the RSC payload, `noModule` polyfills, third-party scripts) is left as
 * it is, and a document whose head has not been seen is passed through unchanged.
 */
const LOADER_SOURCE =
  '(function(){var q=[],started=0,armed=0,d=document,w=window;' +
  "function load(s){var e=d.createElement('script');e.src=s;e.async=true;d.head.appendChild(e)}" +
  'function start(){if(started)return;started=1;q.forEach(load);q=[]}' +
  "function hidden(){return d.visibilityState==='hidden'}" +
  'function frames(n,f){requestAnimationFrame(function(){setTimeout(n>1?function(){frames(n-1,f)}:f)})}' +
  "function painted(){var p=w.performance;return!!(p&&p.getEntriesByName&&p.getEntriesByName('first-contentful-paint').length)}" +
  // After the shell's frame, and not before the first contentful paint has been presented (it is reported
  // late on a busy machine): the paint entry, or the load event and two more frames, whichever is first
  // (a browser without paint timing has only the second).
  'function arm(){if(armed)return;armed=1;if(hidden())return start();frames(2,function(){if(painted())return start();' +
  "if((w.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[]).indexOf('paint')>=0)new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)start()}).observe({type:'paint',buffered:true});" +
  "if(d.readyState==='complete')frames(2,start);else w.addEventListener('load',function(){frames(2,start)})})}" +
  'self.__paintFirst=function(s,shellDone){started?load(s):q.push(s);if(shellDone)arm()};' +
  "d.addEventListener('DOMContentLoaded',arm);" +
  "d.addEventListener('visibilitychange',function(){if(armed&&hidden())start()})})()";

/** The loader's inline script, with the response's nonce when there is one. */
export function paintFirstLoader(nonce?: string): string {
  return `<script${nonceAttribute(nonce)}>${LOADER_SOURCE}</script>`;
}

/** The loader without a nonce (a site without a Content-Security-Policy). */
export const PAINT_FIRST_LOADER = paintFirstLoader();

function nonceAttribute(nonce: string | undefined): string {
  return nonce ? ` nonce="${nonce}"` : '';
}

// Next writes the request's nonce (content-security-policy.ts) before or after `async`, depending on the tag.
const NONCE = '(?: nonce="[^"<>]*")?';
const FRAMEWORK_SCRIPT = new RegExp(
  `<script src="(\\/_next\\/static\\/[^"<>]+)"${NONCE} async=""${NONCE}><\\/script>`,
  'g',
);
const FIRST_FRAMEWORK_SCRIPT = new RegExp(FRAMEWORK_SCRIPT.source);
const FRAMEWORK_PRELOAD = new RegExp(
  `<link rel="preload" as="script"(?: fetchPriority="[a-z]+")?${NONCE} href="\\/_next\\/static\\/[^"<>]+"\\/>`,
  'g',
);
const HEAD = /<head(?:\s[^>]*)?>/;
/** A tag cut off at the end of a chunk is held back until the next one, if it is at most this long. */
const LONGEST_HELD_TAG = 1024;

/**
 * Rewrites one HTML document, chunk by chunk (see PAINT_FIRST_LOADER). After the bootstrap script (the
 * first framework script of the body, which React writes at the end of the shell) the rest of the stream,
 * mostly the RSC payload, passes through untouched: a chunk preinitialised by a late Suspense boundary
 * then loads as Next wrote it, and the page's bytes are not scanned for nothing.
 */
export class PaintFirstRewriter implements BodyRewriter {
  private carry = '';

  constructor(private readonly nonce?: string) {}

  private headSeen = false;
  private bodySeen = false;
  private done = false;

  /** True once the bootstrap script is rewritten: later chunks can be sent as they are. */
  get passingThrough(): boolean {
    return this.done;
  }

  push(chunk: string): string {
    const text = this.carry + chunk;
    this.carry = '';
    if (this.done) return text;
    const cut = heldBackFrom(text);
    const out = this.rewrite(text.slice(0, cut));
    if (this.done) return out + text.slice(cut);
    this.carry = text.slice(cut);
    return out;
  }

  end(): string {
    const rest = this.carry;
    this.carry = '';
    return this.done ? rest : this.rewrite(rest);
  }

  private rewrite(text: string): string {
    let out = text;
    if (!this.headSeen) {
      const head = HEAD.exec(out);
      if (!head) return out;
      this.headSeen = true;
      const at = head.index + head[0].length;
      out = out.slice(0, at) + paintFirstLoader(this.nonce) + out.slice(at);
    }
    if (this.bodySeen) return this.rewriteBody(out);
    const body = out.search(/<body[\s>]/);
    if (body === -1) return rewriteHead(out, this.nonce);
    this.bodySeen = true;
    return rewriteHead(out.slice(0, body), this.nonce) + this.rewriteBody(out.slice(body));
  }

  /** The bootstrap script arms the loader; everything after it is passed through. */
  private rewriteBody(html: string): string {
    const bootstrap = FIRST_FRAMEWORK_SCRIPT.exec(html);
    if (!bootstrap) return html;
    this.done = true;
    const end = bootstrap.index + bootstrap[0].length;
    return `${html.slice(0, bootstrap.index)}${loaderCall(bootstrap[1] ?? '', true, this.nonce)}${html.slice(end)}`;
  }
}

function rewriteHead(html: string, nonce: string | undefined): string {
  return html
    .replace(FRAMEWORK_PRELOAD, '')
    .replace(FRAMEWORK_SCRIPT, (_tag, src: string) => loaderCall(src, false, nonce));
}

function loaderCall(src: string, shellDone: boolean, nonce: string | undefined): string {
  // The attribute is HTML-escaped; the script text is not decoded, and must not be able to close itself.
  const url = JSON.stringify(src.replaceAll('&amp;', '&')).replaceAll('<', '\\u003c');
  return `<script${nonceAttribute(nonce)}>__paintFirst(${url}${shellDone ? ',1' : ''})</script>`;
}

/** Where an unfinished tag (or a `<script …>` without its end tag yet) starts, else the text's length. */
function heldBackFrom(text: string): number {
  const script = text.lastIndexOf('<script');
  if (script !== -1 && text.length - script <= LONGEST_HELD_TAG && !text.includes('</script>', script)) {
    return script;
  }
  const open = text.lastIndexOf('<');
  if (open !== -1 && text.length - open <= LONGEST_HELD_TAG && !text.includes('>', open)) return open;
  return text.length;
}

/**
 * Applies the rewriter to `res` if it turns out to be an uncompressed HTML document (`body-rewrite.ts`).
 * Install it after any compression, so the rewriter sees the page's text and the compression sees the
 * rewritten text. `nonce`: the response's Content-Security-Policy nonce, written on the inline scripts it
 * adds (`content-security-policy.ts`).
 */
export function paintFirst(res: ServerResponse, nonce?: string): void {
  rewriteBody(res, () => {
    const type = String(res.getHeader('content-type') ?? '');
    const html = type.startsWith('text/html') && !res.getHeader('content-encoding');
    return html ? new PaintFirstRewriter(nonce) : null;
  });
}
