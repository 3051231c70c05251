'use client';

import { useEffect } from 'react';

/**
 * Marks `<html data-hydrated>` once React has hydrated the page and the updates its first effects asked
 * for (a stored unit system, a restored form) have rendered. Nothing styles it: it tells automation, and
 * the browser tests, that a typed value will no longer be replaced by the page's own start-up.
 */
export function HydratedMark() {
  useEffect(() => {
    const timer = setTimeout(() => {
      document.documentElement.dataset.hydrated = '';
    }, 0);
    return () => clearTimeout(timer);
  }, []);
  return null;
}
