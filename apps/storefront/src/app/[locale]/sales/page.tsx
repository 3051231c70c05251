import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { getDictionary, getLocaleInfo, getRegionNames } from '../../../data/content';
import { createTranslator } from '../../../i18n/translator';
import { loginHref } from '../../../product/toolbar-links';
import { DeskApiError, listQuotes } from '../../../quote-desk/desk-api';
import { buyerCompanies, projectRegions, sellerUsers } from '../../../quote-desk/desk-directory';
import { deskErrorMessage } from '../../../quote-desk/desk-errors';
import { DeskNotice } from '../../../quote-desk/desk-notice';
import { QueueFilters } from '../../../quote-desk/queue-filters';
import { parseQueueQuery, queueApiParams, queueSearch } from '../../../quote-desk/queue-query';
import { QueueTable } from '../../../quote-desk/queue-table';
import { localeFromSegment, localizedPath } from '../../../routing/locales';
import { SalesForbidden } from '../../../sales/sales-parts';
import { salesSession } from '../../../sales/sales-session';
import { pageMetadata } from '../../../shell/shell-metadata';
import '../../../quote-desk/quote-desk.css';

/** Per user (the seller's token from the UserToken cookie) and per query: never cached. */
export const dynamic = 'force-dynamic';

interface SalesPageProps {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({
  params,
}: {
  params: Promise<{ locale: string }>;
}): Promise<Metadata> {
  const locale = localeFromSegment((await params).locale);
  if (!locale) return {};
  const t = createTranslator(await getDictionary(locale));
  return {
    ...(await pageMetadata(locale, '/sales')),
    title: { absolute: t('quoteDesk.title') },
    robots: { index: false, follow: false },
  };
}

/**
 * `/sales` (issue 23 item 4): the sales team's quote queue from `GET /v1/quotes` — filters (status,
 * region, company, assigned rep, age, value), search, sort and paging, all in the URL; each row opens
 * `/sales/{quoteId}` and can be assigned to the signed-in rep. Visitors go to the login page (and come
 * back); signed-in buyers and suppliers see that the page is for the sales team.
 */
export default async function SalesPage({ params, searchParams }: SalesPageProps) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  const [dictionary, info, session, raw] = await Promise.all([
    getDictionary(locale),
    getLocaleInfo(locale),
    salesSession(),
    searchParams,
  ]);
  const t = createTranslator(dictionary);
  const here = localizedPath(locale, '/sales');
  if (session.kind === 'visitor') redirect(loginHref(locale, here));
  if (session.kind !== 'seller') return <SalesForbidden t={t} loginHref={loginHref(locale, here)} />;
  const query = parseQueueQuery(raw);
  const [listed, companies, reps, regionNames] = await Promise.all([
    listQuotes(session.token, queueApiParams(query, new Date())).catch((error: unknown) => {
      if (error instanceof DeskApiError) return error;
      throw error;
    }),
    buyerCompanies(session.token),
    sellerUsers(session.token),
    getRegionNames(info.language),
  ]);
  const regions =
    listed instanceof DeskApiError
      ? new Map<string, string>()
      : await projectRegions(
          session.token,
          listed.Items.map((q) => q.ID),
        );
  const search = queueSearch(query);
  const pageHref = (page: number) => `${here}${queueSearch(query, { page })}`;
  const assigned = typeof raw.assigned === 'string' ? raw.assigned : null;
  return (
    <div className="container section sales desk">
      <header className="page-header">
        <h1 className="page-header__title">{t('quoteDesk.title')}</h1>
        <p className="page-header__intro">{t('quoteDesk.intro')}</p>
      </header>
      {assigned && <DeskNotice text={t('quoteDesk.done.assigned')} />}
      <QueueFilters
        query={query}
        action={here}
        companies={companies}
        reps={reps}
        regions={Object.entries(regionNames).map(([id, label]) => ({ id, label }))}
        t={t}
      />
      {listed instanceof DeskApiError ? (
        <p className="panel form-field__error" role="alert">
          {deskErrorMessage(listed, t)}
        </p>
      ) : (
        <>
          <p className="desk-count" role="status">
            {t('quoteDesk.count', { count: listed.Meta.TotalCount })}
          </p>
          {listed.Items.length === 0 ? (
            <p className="panel">{t('quoteDesk.empty')}</p>
          ) : (
            <QueueTable
              quotes={listed.Items}
              locale={locale}
              language={info.language}
              search={search.slice(1)}
              me={session.user.userId}
              repNames={new Map(reps.map((r) => [r.id, r.label]))}
              regions={regions}
              regionNames={regionNames}
              t={t}
            />
          )}
          {listed.Meta.TotalPages > 1 && (
            <nav className="pagination" aria-label={t('sales.pagination')}>
              {query.page > 1 && (
                <Link href={pageHref(query.page - 1)} prefetch={false} rel="prev">
                  {t('quoteDesk.previous')}
                </Link>
              )}
              <span className="pagination__status">
                {t('sales.page', { page: query.page, pages: listed.Meta.TotalPages })}
              </span>
              {query.page < listed.Meta.TotalPages && (
                <Link href={pageHref(query.page + 1)} prefetch={false} rel="next">
                  {t('quoteDesk.next')}
                </Link>
              )}
            </nav>
          )}
        </>
      )}
    </div>
  );
}
