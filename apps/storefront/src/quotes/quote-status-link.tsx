'use client';

import { useQuery } from '@tanstack/react-query';
import { freshSession } from '../auth/browser-session';
import type { QuoteLinkTexts } from './quote-link-texts';
import type { QuoteStatus } from './quote-wire';

/**
 * The projects screens' links from a submitted project to its quote, with the quote's status (issue 23
 * item 5). The projects pages are the same for everyone (cached), so the statuses are read in the
 * browser from `GET /api/quotes/statuses`, with the user's cookie, in the screens' query client.
 */

export type QuoteStatuses = Map<string, QuoteStatus>;

async function fetchStatuses(ids: string[]): Promise<QuoteStatuses> {
  // Renews an expired token first, as the project routes do; the route reads the UserToken cookie.
  if (!(await freshSession())) return new Map();
  const response = await fetch(`/api/quotes/statuses?ids=${encodeURIComponent(ids.join(','))}`, {
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`quote statuses: ${response.status}`);
  const answer = (await response.json()) as { Items: { ID: string; Status: QuoteStatus }[] };
  return new Map(answer.Items.map((item) => [item.ID, item.Status]));
}

/** The quotes of these submitted projects (one request for up to 100 of them). */
export function useQuoteStatuses(ids: string[]): QuoteStatuses {
  const wanted = [...new Set(ids)].sort().slice(0, 100);
  const query = useQuery({
    queryKey: ['quote-statuses', wanted],
    queryFn: () => fetchStatuses(wanted),
    enabled: wanted.length > 0,
  });
  return query.data ?? new Map();
}

export function QuoteStatusLink({
  projectId,
  status,
  texts,
}: {
  projectId: string;
  status: QuoteStatus | undefined;
  texts: QuoteLinkTexts;
}) {
  if (!status) return <>–</>;
  return (
    <a
      href={`${texts.quotesPath}/${encodeURIComponent(projectId)}`}
      className="project__quote-link"
      data-quote-status={status}
    >
      {texts.link.replace('{status}', texts.statuses[status])}
    </a>
  );
}
