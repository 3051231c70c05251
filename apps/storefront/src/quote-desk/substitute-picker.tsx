'use client';

import { useEffect, useRef, useState } from 'react';
import { findProductsAction, type ProductMatch } from './desk-actions';
import type { PricingTexts } from './desk-texts';
import { describedBy } from './field-ids';

/**
 * The substitute of a quote line: a catalogue number field that suggests products as the rep types
 * (a `<datalist>`, so the browser's own keyboard handling applies) and says whether the number names a
 * product. Without JavaScript it is a plain field; the commerce service checks the product (that the
 * buyer may buy it in that quantity) when the line is saved, and its refusal shows under the field.
 */
export function SubstitutePicker({
  id,
  name,
  label,
  hint,
  value,
  onChange,
  error,
  savedName,
  texts,
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** The saved substitute's product name, while the field still holds it. */
  savedName: string | null;
  texts: PricingTexts;
}) {
  const [matches, setMatches] = useState<ProductMatch[]>([]);
  const [check, setCheck] = useState<{ value: string; match: ProductMatch | null } | null>(null);
  const latest = useRef('');

  useEffect(() => {
    const query = value.trim();
    latest.current = query;
    if (query.length < 2 || savedName) return;
    // Asked once the rep pauses; an answer for an older text is dropped.
    const timer = setTimeout(async () => {
      const found = await findProductsAction(query);
      if (latest.current !== query) return;
      setMatches(found);
      const exact = found.find((p) => p.ID.toUpperCase() === query.toUpperCase()) ?? null;
      setCheck({ value: query, match: exact });
    }, 300);
    return () => clearTimeout(timer);
  }, [value, savedName]);

  const query = value.trim();
  let status = '';
  if (savedName) status = texts.substituteFound.replace('{name}', savedName);
  else if (query && check?.value === query)
    status = check.match
      ? texts.substituteFound.replace('{name}', check.match.Name)
      : texts.substituteUnknown;
  const unknown = Boolean(query && check?.value === query && !check.match && !savedName);
  const listId = `${id}-products`;
  const statusId = `${id}-status`;
  return (
    <div className="form-field desk-substitute">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        className="form-field__input"
        list={listId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error || unknown ? true : undefined}
        aria-describedby={[describedBy(id, hint, error), status ? statusId : null].filter(Boolean).join(' ')}
      />
      {/* Under the field, so that the line's fields stay aligned. */}
      <p id={`${id}-hint`} className="form-field__hint">
        {hint}
      </p>
      <datalist id={listId}>
        {matches.map((p) => (
          <option key={p.ID} value={p.ID}>
            {p.Name}
          </option>
        ))}
      </datalist>
      <p id={statusId} className={unknown ? 'form-field__error' : 'form-field__hint'} aria-live="polite">
        {status}
        {status && !unknown && !savedName ? ` ${texts.substitutePrice}` : ''}
      </p>
      {error && (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
