import { fold, type Language, stem } from '../engine/analysis';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

export interface HighlightOptions {
  preTag: string;
  postTag: string;
  /** Characters of text around the first match (the whole text when unset or shorter). */
  fragmentSize?: number;
}

/**
 * The text (HTML-escaped) with every word whose term matched wrapped in the tags, cut to a fragment
 * around the first match. Null when nothing in the text matched.
 */
export function highlight(
  text: string,
  terms: ReadonlySet<string>,
  language: Language,
  options: HighlightOptions,
): string | null {
  const matches: { start: number; end: number }[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = fold(match[0]);
    if (terms.has(stem(word, language)) || terms.has(word)) {
      matches.push({ start: match.index, end: match.index + match[0].length });
    }
  }
  if (matches.length === 0) return null;
  let from = 0;
  let to = text.length;
  const size = options.fragmentSize;
  if (size && text.length > size) {
    const first = matches[0] as { start: number };
    from = Math.max(0, Math.min(first.start - Math.floor(size / 4), text.length - size));
    to = Math.min(text.length, from + size);
    // Whole words at both ends.
    while (from > 0 && /[\p{L}\p{N}]/u.test(text.charAt(from - 1)) && from > first.start - size / 2) from--;
    while (to < text.length && /[\p{L}\p{N}]/u.test(text.charAt(to))) to++;
  }
  let out = from > 0 ? '…' : '';
  let at = from;
  for (const { start, end } of matches) {
    if (start < from || end > to) continue;
    out +=
      escapeHtml(text.slice(at, start)) +
      options.preTag +
      escapeHtml(text.slice(start, end)) +
      options.postTag;
    at = end;
  }
  out += escapeHtml(text.slice(at, to));
  if (to < text.length) out += '…';
  return out;
}
