import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cacheTags } from '../../../../caching/cache-tags';
import { tagPage } from '../../../../caching/page-tags';
import { FamilyCalculators } from '../../../../calculators/family-calculators';
import { CategoryCard } from '../../../../components/category-card';
import { DrawingImage } from '../../../../components/drawing-image';
import { illustratingSku } from '../../../../data/category-illustration';
import { getCategoryForLocale, MAX_CATEGORY_DEPTH } from '../../../../data/category-path';
import { getDictionary, getLocaleInfo, getRegionInfo } from '../../../../data/content';
import {
  getAttributeLabels,
  getCategoryMarketing,
  getMadeToOrderLabels,
} from '../../../../data/family-content';
import { shownFacetPaths } from '../../../../data/family-facets';
import { listFamilySkus } from '../../../../data/family-products';
import { getRouteContent } from '../../../../data/routes';
import { Breadcrumbs } from '../../../../families/breadcrumbs';
import { FacetForm } from '../../../../families/facet-form';
import { sectionsForLevel } from '../../../../families/sections';
import { SkuPagination } from '../../../../families/sku-pagination';
import { keepShownFacets, splitViewSegment } from '../../../../families/sku-query';
import { SkuTable } from '../../../../families/sku-table';
import { createTranslator } from '../../../../i18n/translator';
import { DRAWING_SIZE, drawingSrc } from '../../../../product/drawing-images';
import { addToProjectSetup } from '../../../../projects/project-texts';
import { categoryPath } from '../../../../routing/catalogue-paths';
import { localeFromSegment } from '../../../../routing/locales';
import { QuestionsAndAnswers } from '../../../../search/questions-view';
import { pageBlocks } from '../../../../search/server-blocks';
import { ServerContentBlocks } from '../../../../search/server-blocks-view';
import { pageQuestions } from '../../../../search/server-questions';
import { pageMetadata } from '../../../../shell/shell-metadata';
import { withRegisteredMark } from '../../../../text/registered-mark';

interface FamilyPageProps {
  params: Promise<{ locale: string; slugs: string[] }>;
}

/** The category's slugs and table view of a route (the proxy put the query in a `~…` segment). */
function routeOf(rawSlugs: string[]) {
  const { slugs, query } = splitViewSegment(rawSlugs);
  return { slugs: slugs.map((slug) => decodeURIComponent(slug)), query };
}

/** Rendered on a path's first request, then cached (see the locale layout's generateStaticParams). */
export function generateStaticParams(): { slugs: string[] }[] {
  return [];
}

export async function generateMetadata({ params }: FamilyPageProps): Promise<Metadata> {
  const { locale: segment, slugs } = await params;
  const locale = localeFromSegment(segment);
  if (!locale) return {};
  return pageMetadata(locale, `/products/${routeOf(slugs).slugs.join('/')}`);
}

/**
 * A category page, one to six levels deep (`/products/conduit-fittings/emt-conduit/…`): breadcrumbs,
 * heading and intro from the route item, the child ranges, and from the family level down the marketing
 * content, facets and the table of every SKU of the category and its descendants (commerce service).
 * Cached per path and table view; tagged with the category and its trail (their changes, and those of
 * every SKU below, touch these tags), the catalog, the route item and the family content it shows.
 */
export default async function FamilyPage({ params }: FamilyPageProps) {
  const { locale: segment, slugs: rawSlugs } = await params;
  const locale = localeFromSegment(segment);
  const { slugs, query: asked } = routeOf(rawSlugs);
  if (!locale || slugs.length > MAX_CATEGORY_DEPTH) notFound();
  const found = await getCategoryForLocale(locale, slugs);
  if (!found) {
    // The 404 is cached too: a category created (or renamed) at this path later must replace it.
    const { region } = await getLocaleInfo(locale);
    await tagPage([cacheTags.categories((await getRegionInfo(region)).catalogId)]);
    notFound();
  }
  const { category, catalogId } = found;
  const info = await getLocaleInfo(locale);
  const sections = sectionsForLevel(category.level);
  // Only the facets the family shows reach the list request (the proxy already kept only those).
  const facetPaths = sections.skus ? await shownFacetPaths(locale) : null;
  const query = facetPaths ? keepShownFacets(asked, facetPaths) : asked;
  const path = categoryPath(locale, category.slugs);
  const routePath = `/products/${category.slugs.join('/')}`;
  await tagPage([
    cacheTags.catalog(catalogId),
    cacheTags.catalogue(),
    // A product change tags every category up to the top, so this also covers the drawings of the
    // family's illustration and range cards (SKUs below it).
    ...category.trail.map((c) => cacheTags.category(catalogId, c.id)),
    cacheTags.contentItem('route', locale, routePath),
    cacheTags.contentItem('category-marketing', locale, category.id),
    cacheTags.contentType('attributes'),
    cacheTags.content('made-to-order', locale),
  ]);
  const [
    dictionary,
    route,
    marketing,
    attributes,
    madeToOrder,
    skus,
    blocks,
    questions,
    illustrating,
    childSkus,
  ] = await Promise.all([
    getDictionary(locale),
    getRouteContent(locale, routePath),
    sections.marketing ? getCategoryMarketing(locale, category.id) : null,
    getAttributeLabels(info.language),
    getMadeToOrderLabels(locale),
    sections.skus ? listFamilySkus(catalogId, category.id, query, info.language) : null,
    pageBlocks(locale, routePath),
    // Most specific first: this family's name, then each level up to its range's (spec §9: limit 5).
    pageQuestions(locale, routePath, category.trail.map((level) => level.name).reverse()),
    illustratingSku(catalogId, category.id, info.language),
    Promise.all(category.children.map((child) => illustratingSku(catalogId, child.id, info.language))),
  ]);
  const t = createTranslator(dictionary);
  const familyName = route?.title ?? category.name;
  return (
    <div className="container section family">
      <Breadcrumbs locale={locale} trail={category.trail} t={t} />
      <header className="page-header family__header">
        <h1 className="page-header__title">{withRegisteredMark(familyName)}</h1>
        <p className="page-header__intro">{withRegisteredMark(route?.intro ?? category.description)}</p>
        {illustrating && (
          <DrawingImage
            className="family__drawing"
            src={drawingSrc(illustrating, 'thumb', locale, t)}
            alt={t('drawing.familyAlt', { name: familyName, id: illustrating.id })}
            size={DRAWING_SIZE.illustration}
            eager
          />
        )}
      </header>
      <ServerContentBlocks blocks={blocks} />
      {marketing && (
        <section className="family__marketing" aria-labelledby="family-highlights">
          <h2 id="family-highlights" className="section__title">
            {t('family.highlights')}
          </h2>
          <p>{withRegisteredMark(marketing.message)}</p>
          {marketing.bullets.length > 0 && (
            <ul className="family__bullets">
              {marketing.bullets.map((bullet) => (
                <li key={bullet}>{withRegisteredMark(bullet)}</li>
              ))}
            </ul>
          )}
        </section>
      )}
      {category.children.length > 0 && (
        <section aria-labelledby="family-children">
          <h2 id="family-children" className="section__title">
            {t('family.children')}
          </h2>
          <ul className="category-grid">
            {category.children.map((child, index) => {
              const sku = childSkus[index];
              return (
                <li key={child.id}>
                  <CategoryCard
                    locale={locale}
                    category={child}
                    slugs={child.slugs}
                    actionLabel={t('home.categories.view')}
                    illustration={
                      sku ? { src: drawingSrc(sku, 'thumb', locale, t), size: DRAWING_SIZE.card } : null
                    }
                  />
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {skus && (
        <section className="family__skus" aria-labelledby="family-skus">
          <h2 id="family-skus" className="section__title">
            {t('family.skus.title')}
          </h2>
          <p className="family__count" role="status">
            {t('category.productCount', { count: skus.totalCount })}
          </p>
          <div className="family__layout">
            <FacetForm path={path} query={query} facets={skus.facets} attributes={attributes} t={t} />
            <div className="family__table">
              {skus.items.length > 0 ? (
                <SkuTable
                  locale={locale}
                  path={path}
                  query={query}
                  items={skus.items}
                  attributes={attributes}
                  madeToOrder={madeToOrder}
                  addToProject={addToProjectSetup(t, locale, info.region)}
                  t={t}
                />
              ) : (
                <p>{t('family.skus.empty')}</p>
              )}
              <SkuPagination path={path} query={query} page={skus.page} totalPages={skus.totalPages} t={t} />
            </div>
          </div>
        </section>
      )}
      {sections.skus && <FamilyCalculators locale={locale} categoryId={category.id} />}
      <QuestionsAndAnswers questions={questions} title={t('questions.title')} />
    </div>
  );
}
