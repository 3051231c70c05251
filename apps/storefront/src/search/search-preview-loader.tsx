'use client';

import { useEffect } from 'react';
import type { PreviewFieldOptions } from './header-search-enhancer';

/**
 * All the header's search field costs a page's first load: on the field's first focus it loads
 * `header-search-enhancer.ts`, which turns the server-rendered field into the preview combobox (the
 * field works as a plain GET form field until then, and without JavaScript). Renders nothing.
 */
export function SearchPreviewLoader(options: PreviewFieldOptions) {
  useEffect(() => {
    const field = document.getElementById(options.id);
    if (!(field instanceof HTMLInputElement)) return;
    const load = () =>
      void import('./header-search-enhancer').then((module) => module.enhanceSearchField(field, options));
    if (document.activeElement === field) load();
    field.addEventListener('focus', load, { once: true });
    return () => field.removeEventListener('focus', load);
  }, [options]);
  return null;
}
