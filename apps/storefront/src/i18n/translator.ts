/** Values substituted for `{name}` placeholders in a text. */
export type TextValues = Readonly<Record<string, string | number>>;

/** Looks up a UI text by key. */
export type Translate = (key: string, values?: TextValues) => string;

/**
 * A translate function over one locale's dictionary. A missing key shows the key itself, so a page never
 * breaks on a text the dictionary lacks; `{name}` placeholders take `values`, and unknown ones stay as
 * written.
 */
export function createTranslator(dictionary: Readonly<Record<string, string>>): Translate {
  return (key, values) => {
    const text = Object.hasOwn(dictionary, key) ? dictionary[key] : undefined;
    if (text === undefined) return key;
    if (!values) return text;
    return text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
      Object.hasOwn(values, name) ? String(values[name]) : placeholder,
    );
  };
}
