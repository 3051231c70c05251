'use client';

import { type ComponentType, useRef, useState } from 'react';
import type { AddToProjectDialogProps } from '../projects/add-to-project-dialog';
import type { AddToProjectSetup } from '../projects/project-texts';

interface AddAllToProjectProps {
  productIds: string[];
  /** "Add all to a project" (`favourites.addAll`). */
  label: string;
  setup: AddToProjectSetup;
}

/**
 * The favourites page's "Add all to a project" (issue 22 item 8): the add-to-project dialog for every
 * favourite at once (each once, all or nothing, merged into lines already there), loaded at the click.
 */
export function AddAllToProject({ productIds, label, setup }: AddAllToProjectProps) {
  const [Dialog, setDialog] = useState<ComponentType<AddToProjectDialogProps> | null>(null);
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const open = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const module = await import('../projects/add-to-project-dialog');
      setDialog(() => module.AddToProjectDialog);
    } finally {
      setBusy(false);
    }
  };
  const [first] = productIds;
  if (!first) return null;
  return (
    <>
      <button ref={button} type="button" className="button" aria-busy={busy || undefined} onClick={open}>
        {label}
      </button>
      {Dialog && (
        <Dialog
          productId={first}
          productName={first}
          products={productIds}
          source="favourites"
          initialQuantity={1}
          texts={setup.dialog}
          region={setup.region}
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
