import {
  LANGUAGES,
  type Language,
  LOCALE_CODES,
  type LocaleCode,
  REGIONS,
  type Region,
} from '@catalogue/dataset/model';

/**
 * Which region a project belongs to and where it lives on the site (spec §7, issue 22 item 11). A project
 * keeps its region in `xp.regionName`; one without (older projects) is a US project. The list and the
 * add-to-project dialog show the page's region first and every other region's projects under their region,
 * each linked to the project in a locale of its own region (its products and prices are that region's).
 */

interface RegionalProject {
  xp?: { regionName?: string | null } | null;
}

/** The project's region: its `xp.regionName`, US when missing or not a region of the site. */
export function projectRegion(project: RegionalProject): Region {
  const own = project.xp?.regionName;
  return (REGIONS as readonly string[]).includes(own ?? '') ? (own as Region) : 'US';
}

/** Spec §7's filter: for US the projects of US or none, for another region its own. */
export function projectInRegion(project: RegionalProject, region: string): boolean {
  const own = project.xp?.regionName;
  return region === 'US' ? !own || own === 'US' : own === region;
}

/** The region of a locale code: its country part (`de-EU` → EU). */
export function regionOfLocale(locale: LocaleCode): Region {
  return locale.slice(3) as Region;
}

/** The language of a locale code (`fr-CA` → fr). */
export function languageOfLocale(locale: LocaleCode): Language {
  const language = locale.slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en';
}

/** The locale of `region` to switch to from a page in `language`: the same language there, else its first. */
export function regionLocale(region: Region, language: Language): LocaleCode {
  const there = LOCALE_CODES.filter((code) => regionOfLocale(code) === region);
  return there.find((code) => languageOfLocale(code) === language) ?? there[0] ?? 'en-US';
}

export interface RegionGroup<T> {
  region: Region;
  /** The locale its projects open in (`regionLocale`). */
  locale: LocaleCode;
  projects: T[];
}

/** The page region's projects, and the others grouped by region in the site's region order. */
export function splitByRegion<T extends RegionalProject>(
  projects: readonly T[],
  pageLocale: LocaleCode,
): { here: T[]; elsewhere: RegionGroup<T>[] } {
  const region = regionOfLocale(pageLocale);
  const language = languageOfLocale(pageLocale);
  // By projectRegion, not the spec filter: a project with an unknown region shows as a US one, never nowhere.
  const here = projects.filter((project) => projectRegion(project) === region);
  const elsewhere = REGIONS.filter((code) => code !== region)
    .map((code) => ({
      region: code,
      locale: regionLocale(code, language),
      projects: projects.filter((project) => projectRegion(project) === code),
    }))
    .filter((group) => group.projects.length > 0);
  return { here, elsewhere };
}
