import { LANGUAGES, type Localized } from './model';

/** A problem in a data file; the message names the file and the place in it. */
export class DataFileError extends Error {
  override name = 'DataFileError';
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A value read from a YAML file, with the file name and its path inside the file, so every check can
 * say exactly where the problem is ("taxonomy/01-conduit-fittings.yaml: lines[0].families[2].name: no 'nl'").
 */
export class DataNode {
  constructor(
    readonly file: string,
    readonly path: string,
    readonly value: unknown,
  ) {}

  /** The error for a problem at this place (`throw node.error(...)` where the compiler must see the throw). */
  error(problem: string): DataFileError {
    return new DataFileError(`${this.file}: ${this.path || '(top level)'}: ${problem}`);
  }

  fail(problem: string): never {
    throw this.error(problem);
  }

  get present(): boolean {
    return this.value !== undefined && this.value !== null;
  }

  /** A key of this object (missing keys give a node whose value is undefined). */
  get(key: string): DataNode {
    if (!isObject(this.value)) this.fail('expected a mapping');
    const path = this.path ? `${this.path}.${key}` : key;
    return new DataNode(this.file, path, this.value[key]);
  }

  /** The node of a key, or null when the key is missing or null. */
  optional(key: string): DataNode | null {
    const node = this.get(key);
    return node.present ? node : null;
  }

  keys(): string[] {
    if (!isObject(this.value)) this.fail('expected a mapping');
    return Object.keys(this.value);
  }

  /** Fails when the mapping has keys other than the given ones (catches typos in hand-edited files). */
  only(allowed: readonly string[]): this {
    for (const key of this.keys()) {
      if (!allowed.includes(key)) this.fail(`unknown key '${key}' (expected one of: ${allowed.join(', ')})`);
    }
    return this;
  }

  list(): DataNode[] {
    if (!Array.isArray(this.value)) this.fail(this.present ? 'expected a list' : 'missing (expected a list)');
    return this.value.map((item, i) => new DataNode(this.file, `${this.path}[${i}]`, item));
  }

  nonEmptyList(): DataNode[] {
    const items = this.list();
    if (items.length === 0) this.fail('expected at least one entry');
    return items;
  }

  string(): string {
    if (typeof this.value === 'number') return String(this.value);
    if (typeof this.value !== 'string') this.fail(this.present ? 'expected text' : 'missing');
    if (!this.value.trim()) this.fail('must not be empty');
    return this.value;
  }

  /** Text matching a pattern, with a description of the pattern for the error message. */
  matching(pattern: RegExp, what: string): string {
    const text = this.string();
    if (!pattern.test(text)) this.fail(`'${text}' is not ${what}`);
    return text;
  }

  number(): number {
    if (typeof this.value !== 'number' || !Number.isFinite(this.value))
      this.fail(this.present ? 'expected a number' : 'missing (expected a number)');
    return this.value;
  }

  positive(): number {
    const n = this.number();
    if (n <= 0) this.fail(`must be greater than 0 (is ${n})`);
    return n;
  }

  positiveInteger(): number {
    const n = this.positive();
    if (!Number.isInteger(n)) this.fail(`must be a whole number (is ${n})`);
    return n;
  }

  boolean(): boolean {
    if (typeof this.value !== 'boolean') this.fail('expected true or false');
    return this.value;
  }

  oneOf<T extends string>(values: readonly T[]): T {
    const text = this.string();
    if (!(values as readonly string[]).includes(text))
      this.fail(`'${text}' is not one of: ${values.join(', ')}`);
    return text as T;
  }

  /** A text in every language: a mapping with a non-empty entry for en, fr, de and nl. */
  localized(): Localized {
    if (!isObject(this.value)) this.fail(this.present ? 'expected en/fr/de/nl texts' : 'missing');
    const result = {} as Localized;
    for (const language of LANGUAGES) {
      const text = this.value[language];
      if (typeof text !== 'string' || !text.trim()) this.fail(`missing '${language}' translation`);
      result[language] = text.trim();
    }
    this.only(LANGUAGES);
    return result;
  }

  /** A plain object (for free-form values such as a user's xp). */
  record(): Record<string, unknown> {
    if (!isObject(this.value)) this.fail('expected a mapping');
    return { ...this.value };
  }
}

/** Fails on the first duplicate among the values picked from the nodes. */
export function requireUnique(nodes: readonly DataNode[], pick: (node: DataNode) => string, what: string) {
  const seen = new Set<string>();
  for (const node of nodes) {
    const value = pick(node);
    if (seen.has(value)) node.fail(`duplicate ${what} '${value}'`);
    seen.add(value);
  }
}
