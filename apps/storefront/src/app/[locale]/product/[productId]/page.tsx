import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { loginPromptTexts } from '../../../../auth/login-prompt-texts';
import { cacheTags } from '../../../../caching/cache-tags';
import { tagPage } from '../../../../caching/page-tags';
import { storefrontConfig } from '../../../../config';
import { getCategoryByPath } from '../../../../data/category-path';
import { getDictionary, getLocaleInfo, getSiteName } from '../../../../data/content';
import { getAttributeLabels, getMadeToOrderLabels } from '../../../../data/family-content';
import { familySkuCount } from '../../../../data/family-products';
import { getFamilyContent, getProductMarketing, withLiveCount } from '../../../../data/product-content';
import { getProductForLocale, listProductSpecs, listRelatedProducts } from '../../../../data/product-detail';
import { Breadcrumbs } from '../../../../families/breadcrumbs';
import { FavouriteHeart } from '../../../../favourites/favourite-heart';
import { favouriteHeartTexts } from '../../../../favourites/heart-texts';
import { createTranslator } from '../../../../i18n/translator';
import { ContentTable } from '../../../../product/content-table';
import { Downloads } from '../../../../product/downloads';
import { masterSpecText } from '../../../../product/master-spec';
import { MasterSpecTable } from '../../../../product/master-spec-table';
import { ProductDrawingFigure } from '../../../../product/product-drawing-figure';
import { fileOffer, productFileHref } from '../../../../product/product-files';
import { ProductToolbar } from '../../../../product/product-toolbar';
import { RelatedProducts } from '../../../../product/related-products';
import { sectionsOf } from '../../../../product/sections';
import { SpecTable } from '../../../../product/spec-table';
import { specificationRows } from '../../../../product/specification-rows';
import { productStockNote } from '../../../../product/stock-note';
import { loginHref, prefabHref } from '../../../../product/toolbar-links';
import { AddToProjectButton } from '../../../../projects/add-to-project-button';
import { addToProjectSetup } from '../../../../projects/project-texts';
import { decodeProductId, productPath } from '../../../../routing/catalogue-paths';
import { localeFromSegment, localizedPath } from '../../../../routing/locales';
import { ProductTracker } from '../../../../search/product-tracker';
import { QuestionsAndAnswers } from '../../../../search/questions-view';
import { RECOMMENDATION_RFK_ID } from '../../../../search/recommendation-request';
import { RecommendationSection } from '../../../../search/recommendation-section';
import { pageQuestions } from '../../../../search/server-questions';
import { pageMetadata } from '../../../../shell/shell-metadata';
import { withRegisteredMark } from '../../../../text/registered-mark';

interface ProductPageProps {
  params: Promise<{ locale: string; productId: string }>;
}

/** The product a page's params name in the locale's regional catalog, or null (then the page is a 404). */
async function productOf(params: ProductPageProps['params']) {
  const { locale: segment, productId } = await params;
  const locale = localeFromSegment(segment);
  if (!locale) return null;
  const found = await getProductForLocale(locale, decodeProductId(productId));
  return found ? { locale, ...found } : null;
}

/**
 * Spec §2: a product page takes its description from the product's marketing message for the locale,
 * and its title and tag from the product name. The canonical comes from the shell (layout).
 */
export async function generateMetadata({ params }: ProductPageProps): Promise<Metadata> {
  const found = await productOf(params);
  if (!found) {
    const locale = localeFromSegment((await params).locale) ?? 'en-US';
    return { title: createTranslator(await getDictionary(locale))('notFound.title') };
  }
  const marketing = await getProductMarketing(found.locale, found.product.id);
  const name = found.product.name;
  return {
    ...(await pageMetadata(found.locale, `/product/${found.product.id}`)),
    title: name,
    description: marketing?.message || found.product.description,
    keywords: [name],
  };
}

/**
 * A product (SKU) page, `/product/<catalogue number>` in every locale: breadcrumbs to its family,
 * heading with the catalogue number (no price: quotes are requested through projects), made-to-order
 * lead time, the toolbar (BIM, master spec, prefab), the family's tabs from the content service as
 * in-page sections (overview, specifications with the SKU's own table, downloads, calculator), the
 * master-specifications table and related SKUs of the same series.
 */
/** Rendered on a product's first request, then cached (see the locale layout's generateStaticParams). */
export function generateStaticParams(): { productId: string }[] {
  return [];
}

export default async function ProductPage({ params }: ProductPageProps) {
  const found = await productOf(params);
  if (!found) notFound();
  const { locale, product, catalogId, language } = found;
  const [
    dictionary,
    siteName,
    marketing,
    attributes,
    madeToOrder,
    family,
    specs,
    related,
    category,
    info,
    count,
  ] = await Promise.all([
    getDictionary(locale),
    getSiteName(locale),
    getProductMarketing(locale, product.id),
    getAttributeLabels(language),
    getMadeToOrderLabels(locale),
    getFamilyContent(locale, product.familyId),
    listProductSpecs(catalogId, product.id, language),
    listRelatedProducts(catalogId, product, language),
    getCategoryByPath(catalogId, product.categoryId.split('.'), language),
    getLocaleInfo(locale),
    familySkuCount(catalogId, product.familyId),
  ]);
  // Cached after the first request (generateStaticParams), dropped when anything shown here changes.
  await tagPage([
    cacheTags.product(product.id),
    ...related.map((other) => cacheTags.product(other.id)),
    cacheTags.catalog(catalogId),
    cacheTags.catalogue(),
    ...(category?.trail ?? []).map((c) => cacheTags.category(catalogId, c.id)),
    cacheTags.contentType('pcm'),
    cacheTags.contentType('attributes'),
    cacheTags.content('tab', locale),
    cacheTags.content('table', locale),
    cacheTags.content('calculator', locale),
    cacheTags.content('made-to-order', locale),
    cacheTags.content('site', locale),
  ]);
  const t = createTranslator(dictionary);
  // Most specific first: the product's own category, then each level up to its range (spec §9: related
  // questions limit 5).
  const questions = await pageQuestions(
    locale,
    `/product/${product.id}`,
    (category?.trail ?? []).map((level) => level.name).reverse(),
  );
  const rows = specificationRows(product, attributes, t);
  const masterSpec = masterSpecText(product, attributes, t, siteName);
  const login = loginHref(locale, productPath(locale, product.id));
  const addToProject = addToProjectSetup(t, locale, info.region);
  const prompt = loginPromptTexts(t);
  const bimOffer = fileOffer(product, 'bim.ifc');
  const description = marketing?.message || product.description;
  const sections = sectionsOf(family.tabs, t, family.calculators.length > 0);
  // Information, not a limit: a project asks for any quantity (issue 22 item 1).
  const stockNote = productStockNote(
    {
      stockUnits: product.stockUnits,
      multiplier: product.quantityMultiplier,
      weeks: madeToOrder.leadWeeks,
      locale,
    },
    { inStock: t('product.stock'), none: t('product.stockNone') },
  );

  return (
    <div className="container section product">
      {category && <Breadcrumbs locale={locale} trail={category.trail} t={t} currentLabel={product.name} />}
      <header className="page-header product__header">
        <h1 className="page-header__title">{withRegisteredMark(product.name)}</h1>
        <p className="product__number">
          {t('product.catalogueNumber')}: <strong>{product.id}</strong>{' '}
          <FavouriteHeart
            productId={product.id}
            label={t('favourites.toggle', { name: product.name })}
            texts={favouriteHeartTexts(t)}
            loginHref={login}
          />
        </p>
        {product.madeToOrder && (
          <p className="product__made-to-order">
            <span className="badge badge--made-to-order" title={madeToOrder.tooltip}>
              {madeToOrder.badge}
            </span>{' '}
            {madeToOrder.leadTime}
          </p>
        )}
        {stockNote && <p className="product__stock">{stockNote}</p>}
        <p className="product__quote-note">{t('product.quoteNote')}</p>
        <p className="product__add-to-project">
          <AddToProjectButton
            productId={product.id}
            productName={product.name}
            source="product-page"
            setup={addToProject}
          />
        </p>
        <ProductDrawingFigure locale={locale} product={product} name={product.name} units={info} t={t} />
      </header>
      <ProductTracker locale={locale} productId={product.id} />

      <ProductToolbar
        label={t('product.toolbar')}
        bim={{
          label: t('product.toolbar.bim'),
          href: bimOffer.available ? productFileHref(locale, product.id, 'bim.ifc') : null,
        }}
        masterSpec={{
          label: t('product.toolbar.masterSpec'),
          href: productFileHref(locale, product.id, 'master-spec.docx'),
        }}
        prefab={{
          label: t('product.toolbar.prefab'),
          href: prefabHref(storefrontConfig().prefabAppUrl, locale, product.id),
        }}
        loginHref={login}
        prompt={prompt}
        roleTexts={{
          verifyTitle: t('roleModal.verifyTitle'),
          verifyMessage: t('roleModal.verifyMessage'),
          verifyLink: t('roleModal.verifyLink'),
          verifyHref: localizedPath(locale, '/rep-locator'),
          notPermittedTitle: t('roleModal.notPermittedTitle'),
          notPermittedMessage: t('roleModal.notPermittedMessage'),
        }}
      />

      {sections.length > 0 && (
        <nav className="product__sections" aria-label={t('product.sections')}>
          <ul>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.anchor}`}>{section.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}

      {sections.map((section) => (
        <section
          key={section.id}
          id={section.anchor}
          className="product__section"
          aria-labelledby={`${section.anchor}-title`}
        >
          <h2 id={`${section.anchor}-title`} className="section__title">
            {section.label}
          </h2>
          {section.kind === 'overview' && (
            <>
              <p className="product__description">{withRegisteredMark(description)}</p>
              {(marketing?.bullets.length ?? 0) > 0 && (
                <ul className="family__bullets">
                  {marketing?.bullets.map((bullet) => (
                    <li key={bullet}>{withRegisteredMark(bullet)}</li>
                  ))}
                </ul>
              )}
            </>
          )}
          {section.kind === 'specifications' && (
            <>
              <SpecTable locale={locale} caption={t('product.specifications')} rows={rows} />
              {specs.map((spec) => (
                <p key={spec.id} className="product__spec-options">
                  <strong>{spec.name}:</strong> {spec.options.join(', ')}
                </p>
              ))}
              {withLiveCount(family.tables, count, locale).map((table) => (
                <ContentTable key={table.id} table={table} />
              ))}
            </>
          )}
          {section.kind === 'downloads' && (
            <Downloads locale={locale} product={product} loginHref={login} prompt={prompt} t={t} />
          )}
          {section.kind === 'calculator' &&
            family.calculators.map((calculator) => (
              <div key={calculator.id} className="product__calculator">
                <h3>{calculator.title}</h3>
                <p>{calculator.description}</p>
                <p>
                  <a
                    className="button button--secondary"
                    href={localizedPath(locale, `/calculators/${calculator.id}`)}
                  >
                    {t('calculators.open')}
                  </a>
                </p>
              </div>
            ))}
          {section.kind === 'content' && (
            <>
              {section.body && <p>{withRegisteredMark(section.body)}</p>}
              {section.bullets.length > 0 && (
                <ul className="family__bullets">
                  {section.bullets.map((bullet) => (
                    <li key={bullet}>{withRegisteredMark(bullet)}</li>
                  ))}
                </ul>
              )}
            </>
          )}
        </section>
      ))}

      <section className="product__section" aria-labelledby="master-spec-title">
        <h2 id="master-spec-title" className="section__title">
          {masterSpec.heading}
        </h2>
        <MasterSpecTable spec={masterSpec} />
      </section>

      <section className="product__section" aria-labelledby="related-title">
        <h2 id="related-title" className="section__title">
          {t('product.related')}
        </h2>
        {related.length > 0 ? (
          <RelatedProducts
            locale={locale}
            products={related}
            t={t}
            numberLabel={t('product.catalogueNumber')}
            addToProject={addToProject}
          />
        ) : (
          <p>{t('product.relatedEmpty')}</p>
        )}
      </section>

      <RecommendationSection
        rfkId={RECOMMENDATION_RFK_ID.similar}
        productId={product.id}
        texts={{
          title: t('recommend.similar.title'),
          empty: t('recommend.similar.empty'),
          catalogueNumber: t('product.catalogueNumber'),
        }}
      />
      <RecommendationSection
        rfkId={RECOMMENDATION_RFK_ID.together}
        productId={product.id}
        texts={{
          title: t('recommend.together.title'),
          empty: t('recommend.together.empty'),
          catalogueNumber: t('product.catalogueNumber'),
        }}
      />
      <QuestionsAndAnswers questions={questions} title={t('questions.title')} />
    </div>
  );
}
