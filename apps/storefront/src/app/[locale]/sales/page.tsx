import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { getDictionary, getLocaleInfo, getRegionNames } from '../../../data/content';
import { createTranslator } from '../../../i18n/translator';
import { loginHref } from '../../../product/toolbar-links';
import { localeFromSegment, localizedPath } from '../../../routing/locales';
import { listQuoteRequests } from '../../../sales/sales-inbox';
import { SalesForbidden, SubmittedDate } from '../../../sales/sales-parts';
import { salesSession } from '../../../sales/sales-session';
import { pageMetadata } from '../../../shell/shell-metadata';

/** Per user (the seller's token from the UserToken cookie) and per page of the query: never cached. */
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
    title: { absolute: t('sales.title') },
    robots: { index: false, follow: false },
  };
}

/**
 * `/sales` (issue 9 item 4): the quote requests — projects buyers submitted — for the seller's staff,
 * newest first, 20 a page (`?page=`), each opening `/sales/{orderId}`. Visitors go to the login page
 * (and come back); signed-in buyers see that the page is for the sales team.
 */
export default async function SalesPage({ params, searchParams }: SalesPageProps) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  const [dictionary, info, session, query] = await Promise.all([
    getDictionary(locale),
    getLocaleInfo(locale),
    salesSession(),
    searchParams,
  ]);
  const t = createTranslator(dictionary);
  const here = localizedPath(locale, '/sales');
  if (session.kind === 'visitor') redirect(loginHref(locale, here));
  if (session.kind !== 'seller') return <SalesForbidden t={t} loginHref={loginHref(locale, here)} />;
  const requested = Number(Array.isArray(query.page) ? query.page[0] : query.page);
  const page = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  const [inbox, regionNames] = await Promise.all([
    listQuoteRequests(session.token, page),
    getRegionNames(info.language),
  ]);
  const pageHref = (target: number) => (target === 1 ? here : `${here}?page=${target}`);
  return (
    <div className="container section sales">
      <header className="page-header">
        <h1 className="page-header__title">{t('sales.title')}</h1>
        <p className="page-header__intro">{t('sales.intro')}</p>
      </header>
      {inbox.items.length === 0 ? (
        <p className="panel">{t('sales.empty')}</p>
      ) : (
        <div className="sku-table__scroll">
          <table className="sku-table sales__table">
            <caption className="visually-hidden">{t('sales.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('sales.project')}</th>
                <th scope="col">{t('sales.company')}</th>
                <th scope="col">{t('sales.user')}</th>
                <th scope="col">{t('sales.region')}</th>
                <th scope="col">{t('sales.lines')}</th>
                <th scope="col">{t('sales.submitted')}</th>
              </tr>
            </thead>
            <tbody>
              {inbox.items.map((item) => (
                <tr key={item.orderId} data-order-id={item.orderId}>
                  <th scope="row">
                    <Link
                      href={localizedPath(locale, `/sales/${encodeURIComponent(item.orderId)}`)}
                      prefetch={false}
                    >
                      {item.projectName}
                    </Link>
                  </th>
                  <td>{item.company}</td>
                  <td>{item.user}</td>
                  <td>{(regionNames[item.region] ?? item.region) || '–'}</td>
                  <td className="sku-table__number">{item.lines}</td>
                  <td>
                    <SubmittedDate iso={item.submittedAt} language={info.language} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {inbox.totalPages > 1 && (
        <nav className="pagination" aria-label={t('sales.pagination')}>
          {inbox.page > 1 && (
            <Link href={pageHref(inbox.page - 1)} prefetch={false} rel="prev">
              {t('sales.previous')}
            </Link>
          )}
          <span className="pagination__status">
            {t('sales.page', { page: inbox.page, pages: inbox.totalPages })}
          </span>
          {inbox.page < inbox.totalPages && (
            <Link href={pageHref(inbox.page + 1)} prefetch={false} rel="next">
              {t('sales.next')}
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
