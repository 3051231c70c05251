import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { DataFileError, DataNode } from './data-node';
import type { DataFiles } from './data-types';
import { readAttributes } from './read-attributes';
import { readContent } from './read-content';
import { readFaqs } from './read-faq';
import { readIdentities } from './read-identities';
import { readLocales, readRegions } from './read-regions';
import { readSearch, readSearchRules } from './read-search';
import { readTopCategory } from './read-taxonomy';
import { readTerritories } from './read-territories';
import { readDictionary, readDictionaryOverrides, readSite } from './read-texts';

export { DataFileError } from './data-node';

/** The data folder of this package (`packages/dataset/data`). */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../data/', import.meta.url));

function readYaml(dataDir: string, file: string): DataNode {
  const full = path.join(dataDir, file);
  if (!existsSync(full)) throw new DataFileError(`${file}: file not found in ${dataDir}`);
  let value: unknown;
  try {
    value = parse(readFileSync(full, 'utf8'));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DataFileError(`${file}: not valid YAML: ${reason}`);
  }
  return new DataNode(file, '', value);
}

/**
 * Reads and checks every file of the data folder. Throws a `DataFileError` naming the file and the
 * place of the first problem (a missing translation, an unknown option code, a duplicate slug, ...).
 */
export function loadDataFiles(dataDir: string = DEFAULT_DATA_DIR): DataFiles {
  const { regions, catalogs } = readRegions(readYaml(dataDir, 'regions.yaml'));
  const locales = readLocales(readYaml(dataDir, 'locales.yaml'), regions);
  const attributes = readAttributes(readYaml(dataDir, 'attributes.yaml'));

  const taxonomyDir = path.join(dataDir, 'taxonomy');
  if (!existsSync(taxonomyDir)) throw new DataFileError(`taxonomy/: folder not found in ${dataDir}`);
  const files = readdirSync(taxonomyDir)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
  if (files.length === 0) throw new DataFileError('taxonomy/: no .yaml files (one per top-level category)');
  const nodes = files.map((f) => readYaml(dataDir, `taxonomy/${f}`));
  const taxonomy = nodes.map((node) => readTopCategory(node, attributes));
  const slugs = new Set<string>();
  const prefixes = new Map<string, string>();
  taxonomy.forEach((category, i) => {
    const node = nodes[i] as DataNode;
    if (slugs.has(category.slug)) node.get('slug').fail(`slug '${category.slug}' is used by another file`);
    slugs.add(category.slug);
    for (const family of category.lines.flatMap((l) => l.families)) {
      const other = prefixes.get(family.sku);
      if (other) node.fail(`family '${family.slug}' uses sku prefix '${family.sku}' of family '${other}'`);
      prefixes.set(family.sku, family.slug);
    }
  });

  const identities = readIdentities(readYaml(dataDir, 'identities.yaml'), regions);
  const dictionaryFile = readYaml(dataDir, 'dictionary.yaml');
  const dictionary = readDictionary(dictionaryFile);
  const dictionaryOverrides = readDictionaryOverrides(dictionaryFile, dictionary);
  const site = readSite(readYaml(dataDir, 'site.yaml'), dictionary);
  const content = {
    texts: readContent(
      readYaml(dataDir, 'content.yaml'),
      taxonomy.map((c) => c.slug),
    ),
    faqs: readFaqs(
      readYaml(dataDir, 'faq.yaml'),
      taxonomy.map((c) => c.slug),
    ),
    ...readTerritories(readYaml(dataDir, 'territories.yaml')),
  };
  const search = readYaml(dataDir, 'search.yaml');
  const searchWidgets = readSearch(search);
  const searchRules = readSearchRules(search);
  return {
    locales,
    regions,
    catalogs,
    attributes,
    taxonomy,
    identities,
    dictionary,
    dictionaryOverrides,
    site,
    content,
    searchWidgets,
    searchRules,
  };
}
