import { describe, expect, it } from 'vitest';
import { projectInRegion, regionLocale, splitByRegion } from './project-region';

const project = (id: string, regionName?: string) => ({ ID: id, xp: regionName ? { regionName } : {} });

describe('projects in another region do not vanish (issue 22 item 11)', () => {
  it('keeps the page region’s projects here and groups the others by region, none left out', () => {
    const all = [
      project('a', 'US'),
      project('b', 'EU'),
      project('c'),
      project('d', 'NZ'),
      project('e', 'Mars'),
    ];
    const { here, elsewhere } = splitByRegion(all, 'de-EU');
    expect(here.map((p) => p.ID)).toEqual(['b']);
    expect(elsewhere.map((g) => [g.region, g.locale, g.projects.map((p) => p.ID)])).toEqual([
      ['US', 'en-US', ['a', 'c', 'e']],
      ['NZ', 'en-NZ', ['d']],
    ]);
    const count = here.length + elsewhere.reduce((n, g) => n + g.projects.length, 0);
    expect(count).toBe(all.length);
  });

  it('links to a locale of the project’s region in the page’s language where it has one', () => {
    expect(regionLocale('CA', 'fr')).toBe('fr-CA');
    expect(regionLocale('EU', 'nl')).toBe('nl-EU');
    expect(regionLocale('GB', 'de')).toBe('en-GB');
    expect(regionLocale('US', 'fr')).toBe('en-US');
  });

  it('keeps spec §7’s filter for the route: US takes projects without a region', () => {
    expect(projectInRegion(project('c'), 'US')).toBe(true);
    expect(projectInRegion(project('c'), 'EU')).toBe(false);
    expect(projectInRegion(project('b', 'EU'), 'EU')).toBe(true);
  });
});
