'use client';

import { type ComponentType, useRef, useState } from 'react';
import { readBrowserSession } from '../auth/browser-session';
import { LoginPrompt } from '../auth/lazy-login-prompt';
import type { AddToProjectDialogProps } from './add-to-project-dialog';
import type { AddSource } from './project-api';
import type { AddToProjectSetup } from './project-texts';

export interface AddToProjectButtonProps {
  productId: string;
  /** The product's name in the page's language (the dialog and the button's accessible name say it). */
  productName: string;
  source: AddSource;
  setup: AddToProjectSetup;
  /** The quantity the dialog starts with; a function is asked at the click (null: not now). */
  quantity?: number | (() => number | null);
  className?: string;
  /** Several products at once (the favourites page's "Add all"), each once: `label` names the button. */
  products?: string[];
  label?: string;
}

let dialogModule: Promise<ComponentType<AddToProjectDialogProps>> | null = null;

/**
 * "Add to project" on SKU rows, product pages and calculators. This is all that loads with the page: the
 * dialog, the query client and the client store come with a dynamic import at the first click, so the
 * family and product pages' first-load JavaScript stays within budget. A visitor without a valid login
 * (spec §4) gets the login prompt, and the product is kept in productPersist so the projects page offers
 * it after logging in.
 */
export function AddToProjectButton({
  productId,
  productName,
  source,
  setup,
  quantity,
  className,
  products,
  label,
}: AddToProjectButtonProps) {
  const [prompting, setPrompting] = useState(false);
  const [dialog, setDialog] = useState<{
    Dialog: ComponentType<AddToProjectDialogProps>;
    quantity: number;
  } | null>(null);
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const open = async () => {
    const start = typeof quantity === 'function' ? quantity() : (quantity ?? 1);
    if (start === null || busy) return;
    if (!readBrowserSession()) {
      setPrompting(true);
      void import('./client-state').then(({ clientState }) =>
        clientState().then((stores) =>
          stores.product.getState().keepForProject({ productId, quantity: start, source }),
        ),
      );
      return;
    }
    setBusy(true);
    try {
      dialogModule ??= import('./add-to-project-dialog').then((module) => module.AddToProjectDialog);
      const Dialog = await dialogModule;
      setDialog({ Dialog, quantity: start });
    } catch {
      dialogModule = null;
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className={`button add-to-project__button${className ? ` ${className}` : ''}`}
        aria-label={label ?? setup.buttonLabel.replace('{name}', productName)}
        aria-busy={busy || undefined}
        data-sku={productId}
        onClick={open}
      >
        {label ?? setup.button}
      </button>
      {prompting && <LoginPrompt texts={setup.prompt} onClose={() => setPrompting(false)} />}
      {dialog && (
        <dialog.Dialog
          productId={productId}
          productName={productName}
          {...(products ? { products } : {})}
          source={source}
          initialQuantity={dialog.quantity}
          texts={setup.dialog}
          region={setup.region}
          locale={setup.locale}
          projectsPath={setup.projectsPath}
          onClose={() => {
            setDialog(null);
            button.current?.focus();
          }}
        />
      )}
    </>
  );
}
