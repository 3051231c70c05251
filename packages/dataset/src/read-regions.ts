import { type DataNode, requireUnique } from './data-node';
import {
  type DatasetCatalog,
  LANGUAGES,
  LOCALE_CODES,
  type LocaleInfo,
  REGIONS,
  type Region,
  type RegionInfo,
} from './model';
import { CODE } from './read-attributes';

const CURRENCY = /^[A-Z]{3}$/;

/** locales.yaml: one entry per locale code of the site, in menu order. */
export function readLocales(root: DataNode, regions: RegionInfo[]): LocaleInfo[] {
  root.only(['locales']);
  const nodes = root.get('locales').nonEmptyList();
  requireUnique(nodes, (n) => n.get('code').string(), 'locale code');
  const locales = nodes.map((node): LocaleInfo => {
    node.only([
      'code',
      'language',
      'region',
      'urlPrefix',
      'contentHubLocale',
      'searchRegion',
      'discoverSearchLocale',
      'nativeName',
      'currency',
      'defaultUnitSystem',
      'showsMetricToggle',
      'loginLocale',
    ]);
    const code = node.get('code').oneOf(LOCALE_CODES);
    const region = node.get('region').oneOf(REGIONS);
    if (!regions.some((r) => r.code === region))
      node.get('region').fail(`region '${region}' is not in regions.yaml`);
    const prefixNode = node.get('urlPrefix');
    const urlPrefix = prefixNode.value === '' ? '' : prefixNode.matching(CODE, 'a lowercase URL prefix');
    return {
      code,
      language: node.get('language').oneOf(LANGUAGES),
      region,
      urlPrefix,
      contentHubLocale: node.get('contentHubLocale').string(),
      searchRegion: node.get('searchRegion').string(),
      discoverSearchLocale: node.get('discoverSearchLocale').string(),
      nativeName: node.get('nativeName').string(),
      currency: node.get('currency').matching(CURRENCY, 'an ISO 4217 currency code'),
      defaultUnitSystem: node.get('defaultUnitSystem').oneOf(['imperial', 'metric'] as const),
      showsMetricToggle: node.get('showsMetricToggle').boolean(),
      loginLocale: node.get('loginLocale').matching(/^[a-z]{2}-[A-Z]{2}$/, 'a locale such as en-US'),
    };
  });
  for (const code of LOCALE_CODES) {
    if (!locales.some((l) => l.code === code)) root.fail(`locale '${code}' is missing`);
  }
  requireUnique(nodes, (n) => String(n.get('urlPrefix').value), 'urlPrefix');
  return locales;
}

/** regions.yaml: the sales regions and the regional catalogues. */
export function readRegions(root: DataNode): { regions: RegionInfo[]; catalogs: DatasetCatalog[] } {
  root.only(['regions', 'catalogs']);
  const regionNodes = root.get('regions').nonEmptyList();
  requireUnique(regionNodes, (n) => n.get('code').string(), 'region code');
  const regions = regionNodes.map((node): RegionInfo => {
    node.only(['code', 'name', 'catalogId', 'currency']);
    return {
      code: node.get('code').oneOf(REGIONS),
      name: node.get('name').localized(),
      catalogId: node.get('catalogId').matching(CODE, 'a catalogue id'),
      currency: node.get('currency').matching(CURRENCY, 'an ISO 4217 currency code'),
    };
  });
  for (const code of REGIONS) {
    if (!regions.some((r) => r.code === code)) root.fail(`region '${code}' is missing`);
  }
  const catalogNodes = root.get('catalogs').nonEmptyList();
  requireUnique(catalogNodes, (n) => n.get('id').string(), 'catalogue id');
  const catalogs = catalogNodes.map((node): DatasetCatalog => {
    node.only(['id', 'name', 'description']);
    const id = node.get('id').string();
    const region: Region | undefined = regions.find((r) => r.catalogId === id)?.code;
    if (!region) throw node.error(`catalogue '${id}' is not used by any region`);
    return { id, name: node.get('name').string(), description: node.get('description').string(), region };
  });
  regionNodes.forEach((node, i) => {
    const catalogId = regions[i]?.catalogId;
    if (!catalogs.some((c) => c.id === catalogId))
      node.get('catalogId').fail(`catalogue '${catalogId}' is not listed under catalogs`);
  });
  return { regions, catalogs };
}
