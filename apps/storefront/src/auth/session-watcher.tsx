'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useLayoutEffect } from 'react';
import { syncSessionMark } from './session-mark';

/**
 * Keeps `<html data-session>` in step with the login cookies (`session-mark.ts`): after every navigation,
 * before the browser paints it (a login or logout answers with cookies and a navigation that keeps the
 * header mounted), and when the page is shown again (another tab may have logged in or out).
 */
export function SessionWatcher() {
  const pathname = usePathname();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the cookies are read again on each new path.
  useLayoutEffect(() => syncSessionMark(), [pathname]);
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'visible') syncSessionMark();
    };
    document.addEventListener('visibilitychange', check);
    window.addEventListener('pageshow', check);
    return () => {
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('pageshow', check);
    };
  }, []);
  return null;
}
