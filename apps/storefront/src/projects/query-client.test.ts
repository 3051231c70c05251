import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProjectQueryClient, QUERY_CACHE_MS } from './query-client';

/** The query defaults of spec §4/§9, observed on a real TanStack Query client. */

afterEach(() => {
  vi.useRealTimers();
});

describe('project queries', () => {
  it('do not retry a failed request', async () => {
    const client = createProjectQueryClient();
    const fetcher = vi.fn(async () => {
      throw new Error('Request failed with status code 502');
    });
    await expect(client.fetchQuery({ queryKey: ['projects', 'x'], queryFn: fetcher })).rejects.toThrow('502');
    expect(fetcher).toHaveBeenCalledTimes(1);
    const observer = new QueryObserver(client, { queryKey: ['projects', 'y'], queryFn: fetcher });
    const failed = new Promise<void>((resolve) =>
      observer.subscribe((result) => {
        if (result.status === 'error') resolve();
      }),
    );
    await failed;
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('keep the previous data while the next key loads', async () => {
    const client = createProjectQueryClient();
    let release: (value: string) => void = () => undefined;
    const observer = new QueryObserver<string>(client, {
      queryKey: ['projects', 'list', false],
      queryFn: async () => 'unsubmitted',
    });
    const seen: (string | undefined)[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));
    await vi.waitFor(() => expect(seen).toContain('unsubmitted'));
    observer.setOptions({
      queryKey: ['projects', 'list', true],
      queryFn: () =>
        new Promise<string>((resolve) => {
          release = resolve;
        }),
    });
    const current = observer.getCurrentResult();
    expect(current.data).toBe('unsubmitted');
    expect(current.isPlaceholderData).toBe(true);
    release('submitted');
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('submitted'));
    unsubscribe();
  });

  it('do not refetch on window focus and keep unused data for five minutes', async () => {
    const client = createProjectQueryClient();
    const defaults = client.getDefaultOptions().queries;
    expect(defaults?.refetchOnWindowFocus).toBe(false);
    expect(defaults?.gcTime).toBe(300_000);
    expect(QUERY_CACHE_MS).toBe(300_000);

    vi.useFakeTimers();
    await client.fetchQuery({ queryKey: ['projects', 'kept'], queryFn: async () => 1 });
    await vi.advanceTimersByTimeAsync(QUERY_CACHE_MS - 1000);
    expect(client.getQueryData(['projects', 'kept'])).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(client.getQueryData(['projects', 'kept'])).toBeUndefined();
  });
});
