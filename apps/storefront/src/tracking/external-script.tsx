'use client';

import { useEffect } from 'react';

interface ExternalScriptProps {
  /** The element's id: a script is added once per document, whatever renders it again. */
  id: string;
  src: string;
  /** `hydrated`: as soon as the page is hydrated; `idle`: after the window's load event, when idle. */
  when?: 'hydrated' | 'idle';
}

/**
 * An async third-party `<script src>` added to the document after hydration, never render-blocking: what
 * `next/script`'s `afterInteractive` and `lazyOnload` strategies did for the shell, in a few lines instead
 * of its ≈ 1.5 KB (Brotli) in every page's first load. Renders nothing.
 */
export function ExternalScript({ id, src, when = 'hydrated' }: ExternalScriptProps) {
  useEffect(() => {
    let cancelled = false;
    const add = () => {
      if (cancelled || document.getElementById(id)) return;
      const script = document.createElement('script');
      script.id = id;
      script.src = src;
      script.async = true;
      // The page's nonce (browsers keep it on the element's property only): a tag manager reads it from its
      // own script to run its inline tags under the Content-Security-Policy.
      const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
      if (nonce) script.nonce = nonce;
      document.body.appendChild(script);
    };
    if (when === 'hydrated') {
      add();
      return;
    }
    const whenIdle = () =>
      typeof requestIdleCallback === 'function' ? requestIdleCallback(add) : setTimeout(add, 1);
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', whenIdle);
    };
  }, [id, src, when]);
  return null;
}
