import { JSDOM } from 'jsdom';

/**
 * "Every word in the page's language" (issue 22 item 9): the words a page shows, and the ones among them
 * that belong to another language. Plain HTML as the server sends it, parsed by jsdom.
 */

/** Shown words: text nodes and the texts of aria-label, title, alt and placeholder, plus the page title. */
export function shownTexts(html: string): string[] {
  const { document, NodeFilter } = new JSDOM(html).window;
  const pageLanguage = (document.documentElement.lang || 'en').slice(0, 2);
  // Text marked as another language (the locale menu's own names) is meant to be in it.
  const ownLanguage = (element: Element | null) =>
    ((element?.closest('[lang]')?.getAttribute('lang') ?? pageLanguage).slice(0, 2) || pageLanguage) ===
    pageLanguage;
  const texts: string[] = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, template') || !ownLanguage(parent)) continue;
    texts.push(node.textContent ?? '');
  }
  for (const element of document.querySelectorAll('[aria-label], [title], [alt], [placeholder]')) {
    if (!ownLanguage(element)) continue;
    for (const name of ['aria-label', 'title', 'alt', 'placeholder'])
      texts.push(element.getAttribute(name) ?? '');
  }
  return texts.map((text) => text.replace(/\s+/g, ' ').trim()).filter((text) => text !== '');
}

/**
 * The phrases of other languages a page of `own` must not show: every phrase of `others` that differs
 * from the same key's phrase in `own` and is none of `own`'s phrases (names the languages share are
 * fine), without placeholders, at least two letters long.
 */
export function foreignPhrases(
  own: Record<string, string>,
  others: Record<string, string>[],
  extra: { own: string[]; others: string[] } = { own: [], others: [] },
): Set<string> {
  const ownPhrases = new Set([...Object.values(own), ...extra.own]);
  const foreign = new Set<string>();
  const consider = (phrase: string | undefined, ownPhrase: string | undefined) => {
    if (!phrase || phrase === ownPhrase || ownPhrases.has(phrase) || /\{\w+\}/.test(phrase)) return;
    if ((phrase.match(/\p{L}/gu) ?? []).length < 2) return;
    foreign.add(phrase);
  };
  for (const other of others) for (const [key, phrase] of Object.entries(other)) consider(phrase, own[key]);
  for (const phrase of extra.others) consider(phrase, undefined);
  return foreign;
}

/** A dictionary key shown as it is (a phrase that was never translated): `product.stock`. */
export const RAW_KEY = /^[a-z][a-zA-Z0-9]*(?:\.[a-z][a-zA-Z0-9]*)+$/;

/** Words spelt the other side of the Atlantic: American in en-US, Commonwealth in the other English locales. */
export function wrongSpelling(code: string): RegExp | null {
  if (code === 'en-US') return /\b(catalogues?|favourites?|aluminium|colours?)\b/i;
  if (code.startsWith('en-') && code !== 'en-CA') return /\b(catalogs?|favorites?|aluminum|colors?)\b/i;
  return null;
}

/** The words (three letters or more, lowercased) of some phrases. */
export function vocabulary(phrases: Iterable<string>): Set<string> {
  const words = new Set<string>();
  for (const phrase of phrases)
    for (const word of phrase.toLowerCase().match(/\p{L}{3,}/gu) ?? []) words.add(word);
  return words;
}

/**
 * A text that is half English on a page of another language ("Master spec (devis directeur)"): at least
 * two of its words, and at least half of them, are English words the page's language never uses (or
 * uses only where its phrase borrowed them from the English one).
 */
export function halfEnglish(text: string, englishOnly: Set<string>): boolean {
  // Acronyms (BIM, IFC, EMT) are the same in every language.
  const words = (text.match(/\p{L}{3,}/gu) ?? [])
    .filter((word) => word !== word.toUpperCase())
    .map((word) => word.toLowerCase());
  const english = words.filter((word) => englishOnly.has(word));
  return english.length >= 2 && english.length * 2 >= words.length;
}
