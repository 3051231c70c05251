/**
 * How a project import reads what people type into a spreadsheet (issue 22 item 12): the column headers
 * in any of the site's languages, and catalogue numbers in any case with spaces, underscores or any kind
 * of dash between their parts.
 */

/** A header as compared: lower case, accents and everything but letters and digits removed. */
export function headerKey(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * Headers of the catalogue-number column, strongest first: the site's own words for it in English, French,
 * German and Dutch (dictionary `product.catalogueNumber`, both spellings of English), then the words
 * buyers' own systems use (SKU, article, order or part number), then generic ones that only count when
 * nothing stronger is there (a "Product" column holds names when a catalogue-number column exists too).
 */
const NUMBER_HEADERS: readonly (readonly string[])[] = [
  [
    'Catalogue number',
    'Catalog number',
    'Catalogue no',
    'Catalog no',
    'Catalogue #',
    'Catalog #',
    'Numéro de catalogue',
    'N° de catalogue',
    'No de catalogue',
    'Katalognummer',
    'Katalog-Nr',
    'Katalognr',
    'Catalogusnummer',
    'Catalogusnr',
  ],
  [
    'SKU',
    'Part number',
    'Part no',
    'Item number',
    'Article number',
    'Product number',
    'Product ID',
    'Référence',
    'Réf',
    'Numéro d’article',
    'Numéro de produit',
    'Code produit',
    'Code article',
    'Artikelnummer',
    'Artikel-Nr',
    'Artikelnr',
    'Bestellnummer',
    'Bestell-Nr',
    'Produktnummer',
    'Teilenummer',
    'Productnummer',
    'Productcode',
    'Bestelnummer',
    'Onderdeelnummer',
  ],
  ['Catalogue', 'Catalog', 'Product', 'Produit', 'Produkt', 'Artikel', 'Article', 'Item', 'ID'],
].map((names) => names.map(headerKey));

/** Headers of the quantity column in the four languages (dictionary `sales.quantity` and the usual short forms). */
const QUANTITY_HEADERS: ReadonlySet<string> = new Set(
  [
    'Quantity',
    'Qty',
    'Amount',
    'Count',
    'Quantité',
    'Qté',
    'Qte',
    'Nombre',
    'Menge',
    'Anzahl',
    'Stückzahl',
    'Stück',
    'Stk',
    'Bestellmenge',
    'Aantal',
    'Hoeveelheid',
    'Aantal stuks',
    'Stuks',
  ].map(headerKey),
);

/**
 * The catalogue-number and quantity columns a header row names, or null when it is not a header (it
 * lacks either). Of several catalogue-number candidates the strongest name wins, then the leftmost.
 */
export function importColumns(header: readonly string[]): { number: number; quantity: number } | null {
  const keys = header.map(headerKey);
  const quantity = keys.findIndex((key) => QUANTITY_HEADERS.has(key));
  if (quantity < 0) return null;
  for (const names of NUMBER_HEADERS) {
    const number = keys.findIndex((key, i) => i !== quantity && names.includes(key));
    if (number >= 0) return { number, quantity };
  }
  return null;
}

/**
 * The catalogue number as the catalogue writes it: upper case, its parts joined by one ASCII hyphen
 * (`emt 050 10`, `EMT_050_10`, `emt–050–10` → `EMT-050-10`). Catalogue numbers are upper-case parts joined
 * by hyphens (the dataset's `uniqueId`); dots and slashes stay, they can be part of a number.
 */
export function canonicalCatalogueNumber(text: string): string {
  return text
    .normalize('NFKC')
    .trim()
    .toUpperCase()
    .replace(/[\s_\p{Pd}\u2212]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}
