import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getDictionary } from '../../../../../data/content';
import { getAttributeLabels } from '../../../../../data/family-content';
import { getProductForLocale } from '../../../../../data/product-detail';
import { createTranslator } from '../../../../../i18n/translator';
import { SpecTable } from '../../../../../product/spec-table';
import { specificationRows } from '../../../../../product/specification-rows';
import { decodeProductId, productPath } from '../../../../../routing/catalogue-paths';
import { localeFromSegment } from '../../../../../routing/locales';
import { pageMetadata } from '../../../../../shell/shell-metadata';
import { withRegisteredMark } from '../../../../../text/registered-mark';

interface PrefabPageProps {
  params: Promise<{ locale: string; productId: string }>;
}

async function productOf(params: PrefabPageProps['params']) {
  const { locale: segment, productId } = await params;
  const locale = localeFromSegment(segment);
  if (!locale) return null;
  const found = await getProductForLocale(locale, decodeProductId(productId));
  return found ? { locale, ...found } : null;
}

export async function generateMetadata({ params }: PrefabPageProps): Promise<Metadata> {
  const found = await productOf(params);
  if (!found) return {};
  const t = createTranslator(await getDictionary(found.locale));
  return {
    ...(await pageMetadata(found.locale, `/product/${found.product.id}/prefab`)),
    title: t('prefab.title', { name: found.product.name }),
    description: t('prefab.intro'),
  };
}

/**
 * The prefabrication page of a product: what the prefab service does with it and how to order
 * assemblies. The product toolbar's Prefab button opens it in a new tab unless `PREFAB_APP_URL` names an
 * external prefab app.
 */
export default async function PrefabPage({ params }: PrefabPageProps) {
  const found = await productOf(params);
  if (!found) notFound();
  const { locale, product, language } = found;
  const [dictionary, attributes] = await Promise.all([getDictionary(locale), getAttributeLabels(language)]);
  const t = createTranslator(dictionary);
  return (
    <div className="container section product">
      <header className="page-header">
        <h1 className="page-header__title">
          {withRegisteredMark(t('prefab.title', { name: product.name }))}
        </h1>
        <p className="page-header__intro">{t('prefab.intro')}</p>
      </header>
      <section className="product__section" aria-labelledby="prefab-steps">
        <h2 id="prefab-steps" className="section__title">
          {t('prefab.steps')}
        </h2>
        <ol className="prefab__steps">
          <li>{t('prefab.step1')}</li>
          <li>{t('prefab.step2')}</li>
          <li>{t('prefab.step3')}</li>
        </ol>
      </section>
      <section className="product__section" aria-labelledby="prefab-specifications">
        <h2 id="prefab-specifications" className="section__title">
          {t('product.specifications')}
        </h2>
        <SpecTable
          locale={locale}
          caption={t('product.specifications')}
          rows={specificationRows(product, attributes, t)}
        />
      </section>
      <p>
        <Link className="button" href={productPath(locale, product.id)} prefetch={false}>
          {t('prefab.back')}
        </Link>
      </p>
    </div>
  );
}
