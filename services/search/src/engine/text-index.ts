import { analyze, fold, LANGUAGES, type Language, squash } from './analysis';
import { type AttrValue, Column } from './columns';
import { type DocText, DocTextStore } from './doc-texts';
import { ListInterner } from './interned';
import { Postings } from './postings';

export type { DocText } from './doc-texts';

/** What the index keeps of one product or content page. */
export interface IndexedDoc {
  /** Unique in its index (a product ID; `locale|path` for content). */
  key: string;
  /** The id on the wire. */
  id: string;
  /** Where the document is shown: region codes (products) or locale codes (content). */
  scopes: string[];
  /** Texts per language, only for the languages the document is searched in. */
  text: Partial<Record<Language, DocText>>;
  /** The category (family) whose names, and its ancestors', also find the document. */
  category: string | null;
  /** The catalogue number, found with or without dashes and spaces. */
  catalogueNumber: string | null;
  /** Filterable and facetable attributes (kept on the document: recommendation recipes compare them). */
  attrs: Record<string, AttrValue[]>;
  /** Fields answered for every language. */
  fields: Record<string, unknown>;
  /** Fields answered per language (name, description, …). */
  localized: Partial<Record<Language, Record<string, unknown>>>;
  /** Page path without the locale prefix. */
  path: string;
}

/** What the index keeps of a document as an object: everything but its texts (see DocTextStore). */
export type DocMeta = Omit<IndexedDoc, 'text' | 'localized'>;

export type TextField = 'name' | 'description';

/** A folded word of the vocabulary: its term and in how many (document, field) pairs it occurs. */
interface WordInfo {
  term: string;
  count: number;
}

interface LanguageIndex {
  name: Map<string, Postings>;
  description: Map<string, Postings>;
  /** Category trail terms: term → categories whose name or an ancestor's name has it. */
  trail: Map<string, Set<string>>;
  words: Map<string, WordInfo>;
  /** Words of category names (their own vocabulary: document updates never drop them). */
  trailWords: Map<string, string>;
  /** Words sorted, and by length (rebuilt after changes, for prefix and typo look-ups). */
  sorted: string[] | null;
  byLength: Map<number, string[]> | null;
  /** Rank of every document by name (sort by name), rebuilt after changes. */
  nameRank: Int32Array | null;
}

/**
 * A category (family) of the trail: its names per language and its parent. One id names the same family
 * in every regional catalog; a catalog may rename it, so the names of each catalog are kept (all of them
 * find the family, each locale shows its own catalog's).
 */
export interface TrailCategory {
  id: string;
  parentId: string | null;
  names: Partial<Record<Language, string>>;
  byCatalog: Map<string, Partial<Record<Language, string>>>;
}

/** A category's name in a language as a catalog shows it. */
export function categoryName(category: TrailCategory, language: Language, catalogId: string | null): string {
  const own = catalogId ? category.byCatalog.get(catalogId)?.[language] : undefined;
  return own ?? category.names[language] ?? category.names.en ?? category.id;
}

function emptyLanguage(): LanguageIndex {
  return {
    name: new Map(),
    description: new Map(),
    trail: new Map(),
    words: new Map(),
    trailWords: new Map(),
    sorted: null,
    byLength: null,
    nameRank: null,
  };
}

/** A change of every document (`changedSince`). */
const ALL = -1;
/** Version steps whose documents `changedSince` can name (at least; at most twice as many). */
const CHANGES_KEPT = 4096;

/**
 * An in-memory inverted index of one entity (products or content): postings per language and field,
 * category trails, catalogue numbers and attribute columns. Documents keep their number for life, so an
 * update changes postings in place; numbers of removed documents are not reused.
 */
export class TextIndex {
  /** Every document number's document without its texts (null once removed); `doc(n)` has them. */
  readonly docs: (DocMeta | null)[] = [];
  private readonly texts = new DocTextStore();
  private readonly interner = new ListInterner();
  readonly byKey = new Map<string, number>();
  readonly languages = new Map<Language, LanguageIndex>(LANGUAGES.map((l) => [l, emptyLanguage()]));
  readonly columns = new Map<string, Column>();
  /** Scope code → bit; each document's scopes as a bit mask. */
  private readonly scopeBits = new Map<string, number>();
  private scopeMasks = new Int32Array(1024);
  /** Squashed catalogue number → document; sorted list for prefix look-ups. */
  readonly catalogue = new Map<string, number>();
  private sortedCatalogue: string[] | null = null;
  /** Category → documents directly in it; categories for trails. */
  readonly categoryDocs = new Map<string, Postings>();
  private readonly categories = new Map<string, TrailCategory>();
  private readonly childrenOf = new Map<string, Set<string>>();
  /** Moves on at every change: caches keyed by it stay exact. */
  version = 0;
  live = 0;
  /**
   * The document each of the last version steps changed (ALL: every document may have), oldest first;
   * the first is the step from `changesFrom`. Lets what is derived from the documents follow them.
   */
  private changes: number[] = [];
  private changesFrom = 0;

  get size(): number {
    return this.docs.length;
  }

  /** Whether a document number holds a document. */
  has(doc: number): boolean {
    return this.docs[doc] != null;
  }

  /** A document with its texts, or null. */
  doc(number: number): IndexedDoc | null {
    const meta = this.docs[number];
    if (!meta) return null;
    return { ...meta, text: this.texts.text(number), localized: this.texts.localized(number) };
  }

  language(language: Language): LanguageIndex {
    return this.languages.get(language) as LanguageIndex;
  }

  scopeBit(scope: string): number {
    let bit = this.scopeBits.get(scope);
    if (bit === undefined) {
      bit = this.scopeBits.size;
      if (bit >= 31) throw new Error('too many search scopes');
      this.scopeBits.set(scope, bit);
    }
    return bit;
  }

  /** Whether a document with these scopes fits the 31 scope bits (a mask is an Int32). */
  scopesFit(scopes: string[]): boolean {
    const fresh = new Set(scopes.filter((scope) => !this.scopeBits.has(scope)));
    return this.scopeBits.size + fresh.size <= 31;
  }

  /** The mask of a scope, 0 when no document has it. */
  scopeMask(scope: string): number {
    const bit = this.scopeBits.get(scope);
    return bit === undefined ? 0 : 1 << bit;
  }

  scopeMaskOf(doc: number): number {
    return this.scopeMasks[doc] ?? 0;
  }

  column(name: string): Column {
    let column = this.columns.get(name);
    if (!column) {
      column = new Column(name);
      this.columns.set(name, column);
      for (let doc = 0; doc < this.docs.length; doc++) column.set(doc, undefined);
    }
    return column;
  }

  /** Adds a document or replaces the one with the same key. */
  upsert(doc: IndexedDoc): number {
    const existing = this.byKey.get(doc.key);
    let number: number;
    const { text: _text, localized, ...rest } = doc;
    const meta: DocMeta = {
      ...rest,
      scopes: this.interner.list(rest.scopes),
      attrs: this.interner.record(rest.attrs),
      fields: this.interner.fields(rest.fields),
    };
    if (existing !== undefined) {
      this.unindex(existing);
      number = existing;
      this.docs[number] = meta;
    } else {
      number = this.docs.length;
      this.docs.push(meta);
      this.byKey.set(doc.key, number);
    }
    this.texts.set(number, doc.text, localized);
    this.live++;
    this.indexDoc(number, doc);
    this.changed(number);
    return number;
  }

  remove(key: string): boolean {
    const number = this.byKey.get(key);
    if (number === undefined) return false;
    this.unindex(number);
    this.docs[number] = null;
    this.texts.clear(number);
    this.byKey.delete(key);
    this.changed(number);
    return true;
  }

  private touchLanguage(language: LanguageIndex): void {
    language.sorted = null;
    language.byLength = null;
    language.nameRank = null;
  }

  private indexDoc(number: number, doc: IndexedDoc): void {
    if (number >= this.scopeMasks.length) {
      const grown = new Int32Array(Math.max(number + 1, this.scopeMasks.length * 2));
      grown.set(this.scopeMasks);
      this.scopeMasks = grown;
    }
    let mask = 0;
    for (const scope of doc.scopes) mask |= 1 << this.scopeBit(scope);
    this.scopeMasks[number] = mask;
    for (const [language, text] of Object.entries(doc.text) as [Language, DocText][]) {
      const index = this.language(language);
      this.indexField(index, index.name, number, text.name, language, 1);
      this.indexField(index, index.description, number, text.description, language, 1);
      this.touchLanguage(index);
    }
    if (doc.catalogueNumber) {
      this.catalogue.set(squash(doc.catalogueNumber), number);
      this.sortedCatalogue = null;
    }
    if (doc.category) {
      let list = this.categoryDocs.get(doc.category);
      if (!list) {
        list = new Postings();
        this.categoryDocs.set(doc.category, list);
      }
      list.add(number);
    }
    for (const [name, values] of Object.entries(doc.attrs)) this.column(name).set(number, values);
    for (const [name, column] of this.columns) if (!(name in doc.attrs)) column.set(number, undefined);
  }

  private unindex(number: number): void {
    const doc = this.docs[number];
    if (!doc) return;
    this.live--;
    this.scopeMasks[number] = 0;
    for (const [language, text] of Object.entries(this.texts.text(number)) as [Language, DocText][]) {
      const index = this.language(language);
      this.indexField(index, index.name, number, text.name, language, -1);
      this.indexField(index, index.description, number, text.description, language, -1);
      this.touchLanguage(index);
    }
    if (doc.catalogueNumber) {
      const key = squash(doc.catalogueNumber);
      if (this.catalogue.get(key) === number) this.catalogue.delete(key);
      this.sortedCatalogue = null;
    }
    if (doc.category) this.categoryDocs.get(doc.category)?.remove(number);
    for (const column of this.columns.values()) column.set(number, undefined);
  }

  /** Adds (`+1`) or removes (`-1`) a document's field text: word counts and the term's posting list. */
  private indexField(
    index: LanguageIndex,
    postings: Map<string, Postings>,
    number: number,
    text: string,
    language: Language,
    change: 1 | -1,
  ): void {
    for (const { word, term } of distinctWords(text, language)) {
      const info = index.words.get(word);
      if (info) info.count += change;
      else if (change > 0) index.words.set(word, { term, count: 1 });
      if (info && info.count <= 0) index.words.delete(word);
      let list = postings.get(term);
      if (change > 0) {
        if (!list) {
          list = new Postings();
          postings.set(term, list);
        }
        list.add(number);
      } else if (list) {
        list.remove(number);
        if (list.length === 0) postings.delete(term);
      }
    }
  }

  /** Replaces the category tree whose names find the documents in those categories. */
  setCategories(categories: Iterable<TrailCategory>): void {
    for (const index of this.languages.values()) {
      for (const ids of index.trail.values()) ids.clear();
      index.trail.clear();
      index.trailWords.clear();
      this.touchLanguage(index);
    }
    this.categories.clear();
    this.childrenOf.clear();
    for (const category of categories) {
      this.categories.set(category.id, category);
      if (category.parentId) {
        let children = this.childrenOf.get(category.parentId);
        if (!children) {
          children = new Set();
          this.childrenOf.set(category.parentId, children);
        }
        children.add(category.id);
      }
    }
    for (const category of this.categories.values()) {
      const variants = [category.names, ...category.byCatalog.values()].flatMap(
        (names) => Object.entries(names) as [Language, string][],
      );
      for (const [language, name] of new Map(
        variants.map(([l, n]) => [`${l}|${n}`, [l, n] as const]),
      ).values()) {
        const index = this.language(language);
        for (const { word, term } of analyze(name, language)) {
          // The category and everything below it are found by its name.
          for (const id of this.descendantsOf(category.id)) {
            let ids = index.trail.get(term);
            if (!ids) {
              ids = new Set();
              index.trail.set(term, ids);
            }
            ids.add(id);
          }
          index.trailWords.set(word, term);
        }
      }
    }
    this.changed(ALL);
  }

  private changed(doc: number): void {
    this.version++;
    this.changes.push(doc);
    if (this.changes.length > CHANGES_KEPT * 2) {
      this.changes = this.changes.slice(CHANGES_KEPT);
      this.changesFrom += CHANGES_KEPT;
    }
  }

  /**
   * The documents changed (added, replaced or removed) since `version`, each once; null when that is
   * too long ago to say, or a change concerned every document (then derive everything again).
   */
  changedSince(version: number): number[] | null {
    if (version < this.changesFrom || version > this.version) return null;
    const docs = new Set(this.changes.slice(version - this.changesFrom));
    return docs.has(ALL) ? null : [...docs];
  }

  category(id: string): TrailCategory | undefined {
    return this.categories.get(id);
  }

  /** The category and its ancestors, from the top. */
  trailOf(id: string | null): TrailCategory[] {
    const trail: TrailCategory[] = [];
    let current = id ? this.categories.get(id) : undefined;
    while (current && trail.length < 16) {
      trail.unshift(current);
      current = current.parentId ? this.categories.get(current.parentId) : undefined;
    }
    return trail;
  }

  private descendantsOf(id: string): string[] {
    const result: string[] = [];
    const stack = [id];
    while (stack.length > 0 && result.length < 100_000) {
      const next = stack.pop() as string;
      result.push(next);
      for (const child of this.childrenOf.get(next) ?? []) stack.push(child);
    }
    return result;
  }

  /** The term of a vocabulary word, if the index has it. */
  termOf(language: Language, word: string): string | undefined {
    const index = this.language(language);
    return index.words.get(word)?.term ?? index.trailWords.get(word);
  }

  /** Vocabulary words in sorted order (for prefix look-ups). */
  sortedWords(language: Language): string[] {
    const index = this.language(language);
    index.sorted ??= [...new Set([...index.words.keys(), ...index.trailWords.keys()])].sort();
    return index.sorted;
  }

  wordsOfLength(language: Language, length: number): string[] {
    const index = this.language(language);
    if (!index.byLength) {
      const byLength = new Map<number, string[]>();
      for (const word of new Set([...index.words.keys(), ...index.trailWords.keys()])) {
        let list = byLength.get(word.length);
        if (!list) {
          list = [];
          byLength.set(word.length, list);
        }
        list.push(word);
      }
      index.byLength = byLength;
    }
    return index.byLength.get(length) ?? [];
  }

  /** Squashed catalogue numbers in sorted order. */
  sortedCatalogueNumbers(): string[] {
    this.sortedCatalogue ??= [...this.catalogue.keys()].sort();
    return this.sortedCatalogue;
  }

  /** Every document's rank by its name in a language (documents without one last). */
  nameRank(language: Language): Int32Array {
    const index = this.language(language);
    if (!index.nameRank) {
      const keyed: { doc: number; key: string }[] = [];
      for (let doc = 0; doc < this.docs.length; doc++) {
        const name = this.has(doc)
          ? (this.texts.name(doc, language) ?? this.texts.name(doc, 'en'))
          : undefined;
        keyed.push({ doc, key: name === undefined ? '\uffff' : fold(name) });
      }
      keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.doc - b.doc));
      const rank = new Int32Array(this.docs.length);
      keyed.forEach(({ doc }, i) => {
        rank[doc] = i;
      });
      index.nameRank = rank;
    }
    return index.nameRank;
  }

  /** Trims spare capacity after a full build. */
  compact(): void {
    for (const index of this.languages.values()) {
      for (const list of index.name.values()) list.trim();
      for (const list of index.description.values()) list.trim();
    }
    for (const list of this.categoryDocs.values()) list.trim();
    this.texts.trim();
    for (const column of this.columns.values()) column.trim();
  }
}

/** The words of a field once each (a document counts once per word, however often it says it). */
function* distinctWords(text: string, language: Language): Generator<{ word: string; term: string }> {
  const seen = new Set<string>();
  for (const token of analyze(text, language)) {
    if (seen.has(token.word)) continue;
    seen.add(token.word);
    yield token;
  }
}
