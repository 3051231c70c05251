import type { Language, Localized, MeasuredValue } from './model';

/** Small text helpers for the generated names and descriptions, per language. */

export type UnitSystemChoice = 'imperial' | 'metric';

/** `2.08` → `2,08` in languages that write a decimal comma. */
export function decimalComma(text: string, language: Language): string {
  return language === 'en' ? text : text.replace(/(\d)\.(\d)/g, '$1,$2');
}

/** Builds a Localized from a function of the language. */
export function localize(make: (language: Language) => string): Localized {
  return { en: make('en'), fr: make('fr'), de: make('de'), nl: make('nl') };
}

/**
 * A label in the middle of a name: "Galvanized steel" becomes "galvanized steel" (but "PVC", "NEMA 12A"
 * and German nouns keep their capitals).
 */
export function midSentence(text: string, language: Language): string {
  if (language === 'de') return text;
  const second = text.charAt(1);
  if (second && second !== second.toLowerCase()) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function trimNumber(value: number, decimals: number): string {
  return String(Number(value.toFixed(decimals)));
}

/** A length for people: "10 ft" in imperial, "3.05 m" / "3,05 m" or "500 mm" in metric. */
export function lengthLabel(mm: number, system: UnitSystemChoice, language: Language): string {
  if (system === 'imperial') {
    const feet = mm / 304.8;
    return `${decimalComma(trimNumber(feet, feet < 10 ? 1 : 0), language)} ft`;
  }
  if (mm < 1000) return `${mm} mm`;
  return `${decimalComma(trimNumber(mm / 1000, 2), language)} m`;
}

/**
 * A trade size in one unit system, with the decimal mark of the language. Sizes designed in millimetres
 * keep their metric designation in imperial texts ("20 mm", not "0.79 in").
 */
export function sizeLabel(
  size: MeasuredValue,
  native: UnitSystemChoice,
  system: UnitSystemChoice,
  language: Language,
): string {
  return decimalComma(system === 'imperial' && native === 'imperial' ? size.imperial : size.metric, language);
}

/** Whether a length is a whole number of feet (then imperial texts show it in feet, otherwise in metres). */
export function isWholeFeet(mm: number): boolean {
  const feet = mm / 304.8;
  return Math.abs(feet - Math.round(feet)) < 0.01;
}

/** "Label: value" the way each language writes it (French puts a space before the colon). */
export function labelled(label: string, value: string, language: Language): string {
  return language === 'fr' ? `${label} : ${value}` : `${label}: ${value}`;
}

const LIST_SEPARATOR: Record<Language, string> = { en: '; ', fr: ' ; ', de: '; ', nl: '; ' };

export function joinSpecs(parts: string[], language: Language): string {
  return `${parts.join(LIST_SEPARATOR[language])}.`;
}

/** Suffix of a bulk-pack SKU's name: ", pack of 50". */
export const PACK_OF: Localized = {
  en: 'pack of {n}',
  fr: 'lot de {n}',
  de: 'VE {n} Stück',
  nl: 'verpakking van {n}',
};

/** What one unit of a SKU is, in its description: "Sales unit: piece" or "Sales unit: pack of 50". */
const SALES_UNIT: Record<'piece' | 'pack', Localized> = {
  piece: { en: 'piece', fr: 'pièce', de: 'Stück', nl: 'stuk' },
  pack: { en: 'pack of {n}', fr: 'lot de {n}', de: 'Packung mit {n} Stück', nl: 'verpakking van {n} stuks' },
};

export function salesUnitText(pieces: number, language: Language): string {
  return pieces === 1 ? SALES_UNIT.piece[language] : fill(SALES_UNIT.pack[language], String(pieces));
}

/** Suffix of a made-to-order SKU's name: ", made to order, variant 03". */
export const MADE_TO_ORDER_VARIANT: Localized = {
  en: 'made to order, variant {n}',
  fr: 'sur commande, variante {n}',
  de: 'Sonderanfertigung, Variante {n}',
  nl: 'op bestelling, variant {n}',
};

/** Description of the categories of levels 4 to 6: "EMT conduit: galvanized steel, 3/4 in (21 mm)." */
export function branchDescription(familyName: Localized, labels: Localized[]): Localized {
  return localize((language) => {
    const path = labels.map((l) => midSentence(l[language], language)).join(', ');
    return language === 'fr' ? `${familyName[language]} : ${path}.` : `${familyName[language]}: ${path}.`;
  });
}

export function fill(template: string, n: string): string {
  return template.replace('{n}', n);
}
