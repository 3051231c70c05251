import type { ServerResponse } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import onHeaders from 'on-headers';

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
 * `requestAnimationFrame` turns after the shell, and not before the first contentful paint has been
 * reported (or, for a page that never reports one, two frames after the load event). A hidden tab loads
 * them at once (it paints nothing); DOMContentLoaded arms the loader if a page has no bootstrap script.
 *
 * Everything else (inline scripts, the RSC payload, `noModule` polyfills, third-party scripts) is left as
 * it is, and a document whose head has not been seen is passed through unchanged.
 */
export const PAINT_FIRST_LOADER =
  '<script>(function(){var q=[],started=0,armed=0,d=document,w=window;' +
  "function load(s){var e=d.createElement('script');e.src=s;e.async=true;d.head.appendChild(e)}" +
  'function start(){if(started)return;started=1;q.forEach(load);q=[]}' +
  "function hidden(){return d.visibilityState==='hidden'}" +
  'function frames(n,f){requestAnimationFrame(function(){setTimeout(n>1?function(){frames(n-1,f)}:f)})}' +
  "function painted(){var p=w.performance;return!!(p&&p.getEntriesByName&&p.getEntriesByName('first-contentful-paint').length)}" +
  // After the shell's frame, and not before the first contentful paint has been presented (it is reported
  // late on a busy machine): the paint entry, or the load event and two more frames, whichever is first.
  'function arm(){if(armed)return;armed=1;if(hidden())return start();frames(2,function(){if(painted())return start();' +
  "try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)start()}).observe({type:'paint',buffered:true})}catch(_){}" +
  "if(d.readyState==='complete')frames(2,start);else w.addEventListener('load',function(){frames(2,start)})})}" +
  'self.__paintFirst=function(s,shellDone){started?load(s):q.push(s);if(shellDone)arm()};' +
  "d.addEventListener('DOMContentLoaded',arm);" +
  "d.addEventListener('visibilitychange',function(){if(armed&&hidden())start()})})()</script>";

const FRAMEWORK_SCRIPT = /<script src="(\/_next\/static\/[^"<>]+)" async=""><\/script>/g;
const FRAMEWORK_PRELOAD =
  /<link rel="preload" as="script"(?: fetchPriority="[a-z]+")? href="\/_next\/static\/[^"<>]+"\/>/g;
const HEAD = /<head(?:\s[^>]*)?>/;
/** A tag cut off at the end of a chunk is held back until the next one, if it is at most this long. */
const LONGEST_HELD_TAG = 1024;

/** Rewrites one HTML document, chunk by chunk (see PAINT_FIRST_LOADER). */
export class PaintFirstRewriter {
  private carry = '';
  private headSeen = false;
  private bodySeen = false;

  push(chunk: string): string {
    const text = this.carry + chunk;
    const cut = heldBackFrom(text);
    this.carry = text.slice(cut);
    return this.rewrite(text.slice(0, cut));
  }

  end(): string {
    const rest = this.carry;
    this.carry = '';
    return this.rewrite(rest);
  }

  private rewrite(text: string): string {
    let out = text;
    if (!this.headSeen) {
      const head = HEAD.exec(out);
      if (!head) return out;
      this.headSeen = true;
      const at = head.index + head[0].length;
      out = out.slice(0, at) + PAINT_FIRST_LOADER + out.slice(at);
    }
    if (this.bodySeen) return replaceScripts(out, true);
    const body = out.search(/<body[\s>]/);
    if (body === -1) return replaceScripts(out, false);
    this.bodySeen = true;
    return replaceScripts(out.slice(0, body), false) + replaceScripts(out.slice(body), true);
  }
}

function replaceScripts(html: string, shellDone: boolean): string {
  return html.replace(FRAMEWORK_PRELOAD, '').replace(FRAMEWORK_SCRIPT, (_tag, src: string) => {
    // The attribute is HTML-escaped; the script text is not decoded, and must not be able to close itself.
    const url = JSON.stringify(src.replaceAll('&amp;', '&')).replaceAll('<', '\\u003c');
    return `<script>__paintFirst(${url}${shellDone ? ',1' : ''})</script>`;
  });
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
 * Applies the rewriter to `res` if it turns out to be an uncompressed HTML document: decided when the
 * headers go out or at the first write, whichever comes first. Install it after any compression, so the
 * rewriter sees the page's text and the compression sees the rewritten text.
 */
export function paintFirst(res: ServerResponse): void {
  let rewriter: PaintFirstRewriter | null | undefined;
  const decoder = new StringDecoder('utf8');
  const decide = (): PaintFirstRewriter | null => {
    if (rewriter !== undefined) return rewriter;
    const type = String(res.getHeader('content-type') ?? '');
    const html = type.startsWith('text/html') && !res.getHeader('content-encoding');
    rewriter = html ? new PaintFirstRewriter() : null;
    // The length Next computed is the length before the rewrite.
    if (rewriter && !res.headersSent) res.removeHeader('content-length');
    return rewriter;
  };
  onHeaders(res, () => {
    decide();
  });
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    const active = decide();
    if (!active || chunk === undefined || chunk === null) return write(chunk, ...rest);
    const text = active.push(decodeChunk(decoder, chunk, rest[0]));
    const callback = rest.find((arg) => typeof arg === 'function');
    return write(text, 'utf8', callback);
  }) as ServerResponse['write'];
  res.end = ((...args: unknown[]) => {
    const active = decide();
    if (!active) return end(...args);
    const callback = args.find((arg) => typeof arg === 'function');
    const chunk = typeof args[0] === 'function' ? undefined : args[0];
    const tail =
      chunk === undefined || chunk === null ? '' : active.push(decodeChunk(decoder, chunk, args[1]));
    const text = tail + active.push(decoder.end()) + active.end();
    return text ? end(text, 'utf8', callback) : end(callback);
  }) as ServerResponse['end'];
}

function decodeChunk(decoder: StringDecoder, chunk: unknown, encoding: unknown): string {
  if (typeof chunk === 'string') {
    return typeof encoding === 'string' && encoding !== 'utf8' && encoding !== 'utf-8'
      ? decoder.write(Buffer.from(chunk, encoding as BufferEncoding))
      : decoder.write(Buffer.from(chunk, 'utf8'));
  }
  return decoder.write(chunk as Buffer);
}
