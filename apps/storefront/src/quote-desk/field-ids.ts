/** `aria-describedby` of a field with an optional hint (`{id}-hint`) and error (`{id}-error`). */
export function describedBy(id: string, hint?: string, error?: string): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}
