import type { MappingItem, TerritoryItem } from '../content-model';
import type { Dataset, LocaleInfo } from '../model';

/** The mappings of spec §9, one item each (locale '*'). */
export function mappingItems(dataset: Dataset): { id: string; data: MappingItem }[] {
  const mapping = (defaultValue: string | null, pick: (l: LocaleInfo) => string | null): MappingItem => ({
    default: defaultValue,
    entries: dataset.locales.flatMap((l) => {
      const value = pick(l);
      return value === null ? [] : [{ locale: l.code, language: l.language, value }];
    }),
  });
  return [
    // Discover search: the region filter sent with a search (default 'USA', spec §7).
    { id: 'region', data: mapping('USA', (l) => l.searchRegion) },
    { id: 'login-locale', data: mapping('en-US', (l) => l.loginLocale) },
    // Content hub: each of these locales has its own M.Localization; anything else falls back to en-US.
    { id: 'content-hub-locale', data: mapping('M.Localization.en-US', (l) => l.contentHubLocale) },
    { id: 'metric-toggle', data: mapping(null, (l) => (l.showsMetricToggle ? l.code : null)) },
  ];
}

/** Territories with the representatives' job titles in every language. */
export function territoryItems(dataset: Dataset): TerritoryItem[] {
  const { territories, repTitles } = dataset.content;
  return territories.map((territory) => ({
    ...territory,
    reps: territory.reps.map((rep) => {
      const title = repTitles[rep.title];
      if (!title) throw new Error(`Territory ${territory.id}: unknown job title ${rep.title}`);
      return { ...rep, title };
    }),
  }));
}
