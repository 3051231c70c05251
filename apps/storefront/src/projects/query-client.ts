import type { Region } from '@catalogue/dataset/model';
import { keepPreviousData, QueryClient } from '@tanstack/react-query';

/**
 * Query defaults of spec §4/§9: no retry, previous data kept while a new key loads, no refetch when the
 * window regains focus, and a 5-minute cache (300000 ms) for data no screen uses any more.
 */
export const QUERY_CACHE_MS = 300_000;

export const projectQueryDefaults = {
  retry: false,
  placeholderData: keepPreviousData,
  refetchOnWindowFocus: false,
  gcTime: QUERY_CACHE_MS,
} as const;

export function createProjectQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: projectQueryDefaults, mutations: { retry: false } },
  });
}

let shared: QueryClient | null = null;

/** One client per page, shared by the project screens and the add-to-project dialog. */
export function projectQueryClient(): QueryClient {
  shared ??= createProjectQueryClient();
  return shared;
}

/** Query keys: everything about projects starts with 'projects', so one invalidation refreshes all. */
export const projectKeys = {
  all: ['projects'] as const,
  list: (submitted: boolean, region: Region) => ['projects', 'list', region, submitted] as const,
  everywhere: (submitted: boolean) => ['projects', 'everywhere', submitted] as const,
  worksheet: (id: string) => ['projects', 'worksheet', id] as const,
};
