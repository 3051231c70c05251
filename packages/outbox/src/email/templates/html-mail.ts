import { escapeHtml } from '../texts';

/** One paragraph of a mail: plain text (escaped here), or HTML the template built from escaped parts. */
export type Paragraph = string | { html: string };

const p = (content: string) => `<p style="margin:0 0 16px">${content}</p>`;

/**
 * The HTML part every product template shares: a plain page in the mail's language, one paragraph per
 * entry. Text paragraphs are escaped; `{html}` ones carry markup their template made from escaped values.
 */
export function htmlMail(language: string, subject: string, paragraphs: readonly Paragraph[]): string {
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(language)}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;background:#ffffff">',
    ...paragraphs.map((entry) => p(typeof entry === 'string' ? escapeHtml(entry) : entry.html)),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** A link on its own line after an introduction, both escaped. */
export const linkParagraph = (intro: string, url: string): Paragraph => ({
  html: `${escapeHtml(intro)}<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`,
});

/** A code set apart so it is easy to copy. */
export const codeParagraph = (code: string): Paragraph => ({
  html: `<strong style="display:inline-block;padding:8px 12px;border:1px solid #888;font-family:Consolas,Menlo,monospace;font-size:18px;letter-spacing:1px">${escapeHtml(code)}</strong>`,
});

/** The plain-text part: paragraphs separated by blank lines, then the signature block. */
export function textMail(paragraphs: readonly string[], signature: string): string {
  return [...paragraphs.flatMap((paragraph) => [paragraph, '']), '-- ', signature, ''].join('\n');
}
