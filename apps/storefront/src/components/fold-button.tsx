'use client';

import { type ReactNode, useEffect, useRef, useState } from 'react';

interface FoldButtonProps {
  /** The IDs of the elements the button shows and hides (`aria-controls`). */
  controls: string;
  /** The class of the ancestor that carries `data-open` (the CSS folds what it holds). */
  container: string;
  className?: string;
  children: ReactNode;
}

/**
 * A disclosure button for what folds away on a narrow screen (issue 22 item 13: the header's menu, the
 * filters). It sets `data-open` on its `container` ancestor and `aria-expanded` on itself; the CSS hides
 * the folded parts on narrow screens only (and only under `<html data-scripts>`, `scripts-mark.tsx`), and
 * hides the button itself on wide ones. Escape inside the container closes it and gives the focus back
 * to the button.
 */
export function FoldButton({ controls, container, className, children }: FoldButtonProps) {
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const holder = button.current?.closest(`.${container}`);
    if (!(holder instanceof HTMLElement)) return;
    holder.toggleAttribute('data-open', open);
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      // Escape inside an open panel of the fold (a category, the locale menu) belongs to that panel first.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setOpen(false);
      button.current?.focus();
    };
    holder.addEventListener('keydown', onKey);
    return () => holder.removeEventListener('keydown', onKey);
  }, [open, container]);

  return (
    <button
      ref={button}
      type="button"
      className={className}
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => setOpen((was) => !was)}
    >
      {children}
    </button>
  );
}
