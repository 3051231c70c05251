import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { loginPromptTexts } from '../../../../auth/login-prompt-texts';
import { getCategoryMenuForLocale, type MenuCategory } from '../../../../data/category-menu';
import { getDictionary, getLocaleInfo } from '../../../../data/content';
import { catalogOfLocale } from '../../../../data/product-lookup';
import { getRouteContent } from '../../../../data/routes';
import { createTranslator } from '../../../../i18n/translator';
import { LiteratureList } from '../../../../literature/literature-list';
import { listLiterature } from '../../../../literature/literature-products';
import { literatureQueryString, parseLiteratureQuery } from '../../../../literature/literature-query';
import { LiteratureSearchForm } from '../../../../literature/literature-search-form';
import { loginHref } from '../../../../product/toolbar-links';
import { localeFromSegment, localizedPath } from '../../../../routing/locales';
import { pageMetadata } from '../../../../shell/shell-metadata';

/** The list depends on the query: rendered per request, outside the page cache. */
export const dynamic = 'force-dynamic';

interface DocumentsPageProps {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: DocumentsPageProps): Promise<Metadata> {
  const locale = localeFromSegment((await params).locale);
  return locale ? pageMetadata(locale, '/downloads') : {};
}

/** A family of the menu tree (levels 1–3) by id, or null. */
function findCategory(menu: MenuCategory[], id: string): MenuCategory | null {
  for (const category of menu) {
    if (category.id === id) return category;
    const below = findCategory(category.children, id);
    if (below) return below;
  }
  return null;
}

/**
 * The literature hub's document list: a family's products or a search's, a page at a time, each with its
 * files. Rendered per request (it depends on the query); a query it cannot read goes back to the hub.
 */
export default async function DocumentsPage({ params, searchParams }: DocumentsPageProps) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  const hub = localizedPath(locale, '/downloads');
  const query = parseLiteratureQuery(await searchParams);
  if (!query) redirect(hub);
  const [route, dictionary, menu, catalogId, info] = await Promise.all([
    getRouteContent(locale, '/downloads'),
    getDictionary(locale),
    getCategoryMenuForLocale(locale),
    catalogOfLocale(locale),
    getLocaleInfo(locale),
  ]);
  if (!route || !catalogId) notFound();
  const family = query.kind === 'family' ? findCategory(menu, query.familyId) : null;
  if (query.kind === 'family' && !family) notFound();
  const t = createTranslator(dictionary);
  const list = await listLiterature(catalogId, query, info.language);
  const here = `${localizedPath(locale, '/downloads/documents')}${literatureQueryString(query, list.page)}`;
  const pageHref = (page: number) =>
    `${localizedPath(locale, '/downloads/documents')}${literatureQueryString(query, page)}`;
  const heading =
    query.kind === 'family'
      ? t('literature.familyDocuments', { name: family?.name ?? '' })
      : t('literature.resultsFor', { query: query.text });
  return (
    <div className="container section literature">
      <p className="literature__back">
        <Link href={hub} prefetch={false}>
          {route.title}
        </Link>
      </p>
      <h1 className="page-header__title">{heading}</h1>
      <LiteratureSearchForm
        action={localizedPath(locale, '/downloads/documents')}
        value={query.kind === 'search' ? query.text : ''}
        t={t}
      />
      {list.products.length === 0 ? (
        <p role="status" className="literature__status">
          {t('literature.noResults', { query: query.kind === 'search' ? query.text : '' })}
        </p>
      ) : (
        <>
          <p role="status" className="literature__status">
            {t('literature.count', { count: list.totalCount })}
          </p>
          <LiteratureList
            locale={locale}
            list={list}
            loginHref={loginHref(locale, here)}
            prompt={loginPromptTexts(t)}
            t={t}
          />
          <nav className="pagination" aria-label={t('family.pagination')}>
            {list.page > 1 && (
              <Link href={pageHref(list.page - 1)} prefetch={false} rel="prev">
                {t('family.previous')}
              </Link>
            )}
            <span className="pagination__status">
              {t('family.pageOf', { page: list.page, pages: Math.max(list.totalPages, 1) })}
            </span>
            {list.page < list.totalPages && (
              <Link href={pageHref(list.page + 1)} prefetch={false} rel="next">
                {t('family.next')}
              </Link>
            )}
          </nav>
        </>
      )}
    </div>
  );
}
