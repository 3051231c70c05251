'use client';

import { useId, useState } from 'react';
import { AddToProjectButton } from '../projects/add-to-project-button';
import type { AddToProjectSetup } from '../projects/project-texts';
import { MAX_QUANTITY, parseQuantity } from '../projects/quantity';

export interface AddToProjectTexts {
  quantity: string;
  /** With {max}. */
  quantityInvalid: string;
  /** The add-to-project button and dialog every button of the page shares. */
  setup: AddToProjectSetup;
}

interface AddToProjectProps {
  sku: string;
  /** The calculator proposing the product. */
  source: string;
  texts: AddToProjectTexts;
}

/**
 * "Add to project" beside the product a calculator proposes, with the quantity to start from: the
 * add-to-project dialog (choose or create a project) opens with it; a visitor gets the login prompt and
 * the product waits in productPersist for the projects page.
 */
export function AddToProject({ sku, source, texts }: AddToProjectProps) {
  const id = useId();
  const [quantity, setQuantity] = useState('1');
  const [invalid, setInvalid] = useState(false);

  const chosen = () => {
    const value = parseQuantity(quantity);
    setInvalid(value === null);
    return value;
  };

  return (
    <div className="add-to-project" data-source={source}>
      <label className="add-to-project__quantity" htmlFor={`${id}-quantity`}>
        {texts.quantity}
      </label>
      <input
        id={`${id}-quantity`}
        className="form-field__input add-to-project__input"
        type="text"
        inputMode="numeric"
        value={quantity}
        onChange={(event) => setQuantity(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-message` : undefined}
      />
      <AddToProjectButton
        productId={sku}
        productName={sku}
        source="calculator"
        quantity={chosen}
        setup={texts.setup}
      />
      <p id={`${id}-message`} className="form-field__error" role="status" aria-live="polite">
        {invalid ? texts.quantityInvalid.replace('{max}', String(MAX_QUANTITY)) : ''}
      </p>
    </div>
  );
}
