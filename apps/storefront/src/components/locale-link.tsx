'use client';

import type { LocaleCode } from '@catalogue/dataset/model';
import { usePathname } from 'next/navigation';
import { type ReactNode, useEffect, useRef } from 'react';
import { switchLocalePath } from '../routing/locales';

/**
 * A link of the locale menu: the current page in another locale (it follows client-side navigation),
 * through `/api/switch-locale`, which lands on the nearest page where that one does not exist there.
 */
export function LocaleLink({
  code,
  current,
  children,
}: {
  code: LocaleCode;
  current: boolean;
  children: ReactNode;
}) {
  const pathname = usePathname() ?? '/';
  return (
    <a
      href={
        current
          ? switchLocalePath(pathname, code)
          : `/api/switch-locale?${new URLSearchParams({ to: code, path: pathname })}`
      }
      lang={code}
      hrefLang={code}
      aria-current={current ? 'true' : undefined}
    >
      {children}
    </a>
  );
}

/** Closes the locale menu's `<details>` (the element before it) on Escape and when focus leaves it. */
export function LocaleMenuCloser() {
  const marker = useRef<HTMLTemplateElement>(null);
  useEffect(() => {
    const details = marker.current?.previousElementSibling;
    if (!(details instanceof HTMLDetailsElement)) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    const closeWhenFocusLeaves = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (details.open && !(next instanceof Node && details.contains(next))) details.open = false;
    };
    details.addEventListener('keydown', closeOnEscape);
    details.addEventListener('focusout', closeWhenFocusLeaves);
    return () => {
      details.removeEventListener('keydown', closeOnEscape);
      details.removeEventListener('focusout', closeWhenFocusLeaves);
    };
  }, []);
  return <template ref={marker} />;
}
