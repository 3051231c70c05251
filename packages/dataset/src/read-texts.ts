import type { DataNode } from './data-node';
import { LANGUAGES, type Language, LOCALE_CODES, type LocaleCode, type SiteContent } from './model';

const KEY = /^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)+$/;

function placeholders(text: string): string {
  return [...text.matchAll(/\{(\w+)\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');
}

/** dictionary.yaml: the UI strings, one section per language, with the same keys and placeholders in each. */
export function readDictionary(root: DataNode): Record<Language, Record<string, string>> {
  root.only([...LANGUAGES, ...LOCALE_CODES]);
  const dictionary = {} as Record<Language, Record<string, string>>;
  for (const language of LANGUAGES) {
    const section = root.get(language);
    if (!section.present) root.fail(`the '${language}' section is missing`);
    const entries: Record<string, string> = {};
    for (const key of section.keys()) {
      const node = section.get(key);
      if (!KEY.test(key)) node.fail('keys are dotted camelCase names, e.g. nav.products');
      entries[key] = node.string();
    }
    dictionary[language] = entries;
  }
  const reference = dictionary.en;
  for (const language of LANGUAGES) {
    const entries = dictionary[language];
    for (const key of Object.keys(reference)) {
      if (!(key in entries)) root.get(language).fail(`key '${key}' is missing (it is in 'en')`);
      const expected = placeholders(reference[key] ?? '');
      if (placeholders(entries[key] ?? '') !== expected)
        root.get(language).get(key).fail(`placeholders differ from 'en' (expected {${expected}})`);
    }
    for (const key of Object.keys(entries)) {
      if (!(key in reference)) root.get(language).get(key).fail(`key '${key}' is not in 'en'`);
    }
  }
  return dictionary;
}

/**
 * dictionary.yaml's locale sections (`en-US:`): the keys whose wording differs in that locale from its
 * language's section (American spelling), each a key of the language with the same placeholders.
 */
export function readDictionaryOverrides(
  root: DataNode,
  dictionary: Record<Language, Record<string, string>>,
): Partial<Record<LocaleCode, Record<string, string>>> {
  const overrides: Partial<Record<LocaleCode, Record<string, string>>> = {};
  for (const code of LOCALE_CODES) {
    const section = root.optional(code);
    if (!section) continue;
    const language = dictionary[code.slice(0, 2) as Language];
    const entries: Record<string, string> = {};
    for (const key of section.keys()) {
      const node = section.get(key);
      if (!(key in language)) node.fail(`key '${key}' is not in '${code.slice(0, 2)}'`);
      entries[key] = node.string();
      if (placeholders(entries[key]) !== placeholders(language[key] ?? ''))
        node.fail(`placeholders differ from '${code.slice(0, 2)}'`);
    }
    overrides[code] = entries;
  }
  return overrides;
}

/** site.yaml: the site name and the footer's link columns (labels are dictionary keys). */
export function readSite(root: DataNode, dictionary: Record<Language, Record<string, string>>): SiteContent {
  root.only(['name', 'footerColumns']);
  const known = (node: DataNode) => {
    const key = node.string();
    if (!(key in dictionary.en)) node.fail(`'${key}' is not a key of dictionary.yaml`);
    return key;
  };
  return {
    name: root.get('name').string(),
    footerColumns: root
      .get('footerColumns')
      .nonEmptyList()
      .map((column) => {
        column.only(['titleKey', 'links']);
        return {
          titleKey: known(column.get('titleKey')),
          links: column
            .get('links')
            .nonEmptyList()
            .map((link) => {
              link.only(['labelKey', 'href']);
              return {
                labelKey: known(link.get('labelKey')),
                href: link
                  .get('href')
                  .matching(/^(\/[a-z0-9/-]*|https:\/\/\S+)$/, 'a site path or https URL'),
              };
            }),
        };
      }),
  };
}
