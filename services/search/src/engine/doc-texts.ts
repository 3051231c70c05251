import { LANGUAGES, type Language } from './analysis';
import { TextPool } from './text-pool';

/** The searchable texts of a document in one language. */
export interface DocText {
  name: string;
  description: string;
}

export type DocTexts = Partial<Record<Language, DocText>>;
export type LocalizedFields = Partial<Record<Language, Record<string, unknown>>>;

/** Handles per document: for each language, the text's name and description, then the localized ones. */
const SLOTS = LANGUAGES.length * 4;

/**
 * The texts (`text`) and per-language answer fields (`localized`) of every document of an index, in a
 * TextPool: no string or object per document. Localized fields of the usual shape ({ name, description },
 * both strings) share the bytes of equal texts; any other shape is kept as it is (content pages with
 * more fields would land there; none do today).
 */
export class DocTextStore {
  private readonly pool = new TextPool();
  private handles = new Float64Array(SLOTS * 1024);
  /** Per document: bit l = has text in language l, bit 4 + l = has localized fields in language l. */
  private present = new Uint8Array(1024);
  /** Per document: the language its localized fields list first (what a fallback answers). */
  private firstLocalized = new Uint8Array(1024);
  private readonly otherLocalized = new Map<number, LocalizedFields>();

  set(doc: number, text: DocTexts, localized: LocalizedFields): void {
    this.clear(doc);
    this.ensure(doc);
    const base = doc * SLOTS;
    let present = 0;
    LANGUAGES.forEach((language, l) => {
      const own = text[language];
      if (!own) return;
      present |= 1 << l;
      this.handles[base + l * 4] = this.pool.add(own.name);
      this.handles[base + l * 4 + 1] = this.pool.add(own.description);
    });
    if (Object.values(localized).every(usualShape)) {
      LANGUAGES.forEach((language, l) => {
        const fields = localized[language] as DocText | undefined;
        if (!fields) return;
        present |= 1 << (4 + l);
        const own = text[language];
        this.handles[base + l * 4 + 2] =
          own?.name === fields.name ? (this.handles[base + l * 4] as number) : this.pool.add(fields.name);
        this.handles[base + l * 4 + 3] =
          own?.description === fields.description
            ? (this.handles[base + l * 4 + 1] as number)
            : this.pool.add(fields.description);
      });
      const first = Object.keys(localized)[0] as Language | undefined;
      this.firstLocalized[doc] = first ? LANGUAGES.indexOf(first) : 0;
    } else this.otherLocalized.set(doc, localized);
    this.present[doc] = present;
  }

  /** Forgets a document's texts (their bytes become garbage until the next compaction). */
  clear(doc: number): void {
    if (doc >= this.present.length) return;
    const base = doc * SLOTS;
    const released = new Set<number>();
    for (let slot = 0; slot < SLOTS; slot++) {
      const handle = this.handles[base + slot] as number;
      if (handle !== TextPool.EMPTY && !released.has(handle)) {
        released.add(handle);
        this.pool.release(handle);
      }
      this.handles[base + slot] = TextPool.EMPTY;
    }
    this.present[doc] = 0;
    this.otherLocalized.delete(doc);
    if (this.pool.wasteful) this.pool.compact([this.handles]);
  }

  text(doc: number): DocTexts {
    const text: DocTexts = {};
    const present = this.present[doc] ?? 0;
    LANGUAGES.forEach((language, l) => {
      if (present & (1 << l)) text[language] = this.pair(doc, l, 0);
    });
    return text;
  }

  /** A document's name in one language, if it has text there. */
  name(doc: number, language: Language): string | undefined {
    const l = LANGUAGES.indexOf(language);
    if (!((this.present[doc] ?? 0) & (1 << l))) return undefined;
    return this.pool.get(this.handles[doc * SLOTS + l * 4] as number);
  }

  localized(doc: number): LocalizedFields {
    const other = this.otherLocalized.get(doc);
    if (other) return other;
    const present = this.present[doc] ?? 0;
    const localized: LocalizedFields = {};
    const first = this.firstLocalized[doc] ?? 0;
    for (const l of [first, ...LANGUAGES.keys()]) {
      const language = LANGUAGES[l] as Language;
      if (present & (1 << (4 + l)) && !(language in localized))
        localized[language] = { ...this.pair(doc, l, 2) };
    }
    return localized;
  }

  /** Drops spare capacity (after a full build). */
  trim(): void {
    this.pool.trim();
  }

  private pair(doc: number, l: number, offset: number): DocText {
    const base = doc * SLOTS + l * 4 + offset;
    return {
      name: this.pool.get(this.handles[base] as number),
      description: this.pool.get(this.handles[base + 1] as number),
    };
  }

  private ensure(doc: number): void {
    if (doc < this.present.length) return;
    const capacity = Math.max(doc + 1, this.present.length * 2);
    const handles = new Float64Array(capacity * SLOTS);
    handles.set(this.handles);
    this.handles = handles;
    const present = new Uint8Array(capacity);
    present.set(this.present);
    this.present = present;
    const first = new Uint8Array(capacity);
    first.set(this.firstLocalized);
    this.firstLocalized = first;
  }
}

function usualShape(fields: Record<string, unknown> | undefined): boolean {
  if (!fields) return true;
  const keys = Object.keys(fields);
  return (
    keys.length === 2 &&
    keys[0] === 'name' &&
    keys[1] === 'description' &&
    typeof fields.name === 'string' &&
    typeof fields.description === 'string'
  );
}
