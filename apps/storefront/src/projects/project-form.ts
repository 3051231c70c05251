import { REGIONS, type Region } from '@catalogue/dataset/model';
import { formatTime12h } from '../text/time-format';

/**
 * The checks the project screens make before calling a route (the routes check the same again): the
 * limits are the routes' own (`project-route.ts`), so what the form accepts the route accepts.
 */

export const MAX_NAME_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 2000;
export const MAX_BRAND_LENGTH = 100;

export type DraftProblem = 'nameRequired' | 'nameTooLong' | 'descriptionTooLong' | 'regionInvalid';

export interface DraftProblems {
  name?: DraftProblem;
  description?: DraftProblem;
  region?: DraftProblem;
}

export function isRegion(value: string): value is Region {
  return (REGIONS as readonly string[]).includes(value);
}

/** What is wrong with a new project's fields (empty when nothing is). */
export function draftProblems(draft: { name: string; description: string; region: string }): DraftProblems {
  const problems: DraftProblems = {};
  const name = draft.name.trim();
  if (!name) problems.name = 'nameRequired';
  else if (name.length > MAX_NAME_LENGTH) problems.name = 'nameTooLong';
  if (draft.description.trim().length > MAX_DESCRIPTION_LENGTH) problems.description = 'descriptionTooLong';
  if (!isRegion(draft.region)) problems.region = 'regionInvalid';
  return problems;
}

/**
 * When a project was submitted, in the page's locale: the date as the locale writes it and the time in
 * 12-hour format (spec §9), e.g. `22 November 2026, 3:04 PM` (en-GB) or `22. November 2026, 3:04 PM`.
 */
export function submittedAt(
  iso: string | null | undefined,
  locale: string,
  timeZone?: string,
): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(date);
  return `${day}, ${formatTime12h(date, timeZone)}`;
}

/** The name a project shows: its own, else its ID (a project made elsewhere may have none). */
export function projectName(project: { ID?: string; xp?: { projectName?: string } | null }): string {
  return project.xp?.projectName?.trim() || project.ID || '';
}
