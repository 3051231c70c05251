import { packagingLabels, packagingText } from '@catalogue/outbox/packaging';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { getDictionary, getLocaleInfo, getRegionNames } from '../../../../data/content';
import { createTranslator } from '../../../../i18n/translator';
import { loginHref } from '../../../../product/toolbar-links';
import { ProjectFileActions } from '../../../../projects/file-actions/project-file-actions';
import { fileActionTexts } from '../../../../projects/file-actions/texts';
import { localeFromSegment, localizedPath } from '../../../../routing/locales';
import { quoteRequestDetail } from '../../../../sales/sales-inbox';
import { SalesForbidden, SubmittedDate } from '../../../../sales/sales-parts';
import { salesSession } from '../../../../sales/sales-session';
import { pageMetadata } from '../../../../shell/shell-metadata';

/** Per user (the seller's token from the UserToken cookie): never cached. */
export const dynamic = 'force-dynamic';

interface QuotePageProps {
  params: Promise<{ locale: string; orderId: string }>;
}

export async function generateMetadata({ params }: QuotePageProps): Promise<Metadata> {
  const { locale: segment, orderId } = await params;
  const locale = localeFromSegment(segment);
  if (!locale) return {};
  const t = createTranslator(await getDictionary(locale));
  return {
    ...(await pageMetadata(locale, `/sales/${encodeURIComponent(orderId)}`)),
    title: { absolute: t('sales.title') },
    robots: { index: false, follow: false },
  };
}

/**
 * `/sales/{orderId}`: one quote request for the seller's staff — project, company, the user's contact,
 * brand, description and the lines (product, catalogue number, quantity, packaging option) — with the
 * project's CSV and PDF. A project that does not exist or is not submitted: the not-found message.
 */
export default async function QuoteRequestPage({ params }: QuotePageProps) {
  const { locale: segment, orderId: rawId } = await params;
  const locale = localeFromSegment(segment);
  if (!locale) notFound();
  const orderId = decodeURIComponent(rawId);
  const [dictionary, info, session] = await Promise.all([
    getDictionary(locale),
    getLocaleInfo(locale),
    salesSession(),
  ]);
  const t = createTranslator(dictionary);
  const here = localizedPath(locale, `/sales/${encodeURIComponent(orderId)}`);
  if (session.kind === 'visitor') redirect(loginHref(locale, here));
  if (session.kind !== 'seller') return <SalesForbidden t={t} loginHref={loginHref(locale, here)} />;
  const [quote, regionNames] = await Promise.all([
    /^[\w-]{1,100}$/.test(orderId) ? quoteRequestDetail(session.token, orderId) : null,
    getRegionNames(info.language),
  ]);
  const back = (
    <p>
      <Link href={localizedPath(locale, '/sales')} prefetch={false}>
        {t('sales.back')}
      </Link>
    </p>
  );
  if (!quote) {
    return (
      <div className="container section sales">
        <header className="page-header">
          <h1 className="page-header__title">{t('sales.title')}</h1>
        </header>
        <p className="panel">{t('sales.notFound')}</p>
        {back}
      </div>
    );
  }
  const name = `${quote.user.firstName} ${quote.user.lastName}`.trim() || quote.user.username;
  // Packaging as its label in the page's language, never the stored code (issue 22 item 10).
  const packaging = packagingLabels(t);
  return (
    <div className="container section sales">
      {back}
      <header className="page-header">
        <h1 className="page-header__title">{quote.projectName}</h1>
        {quote.projectDesc && <p className="page-header__intro">{quote.projectDesc}</p>}
      </header>
      <section aria-labelledby="quote-details" className="panel sales__details">
        <h2 id="quote-details" className="section__title">
          {t('sales.details')}
        </h2>
        <dl className="sales__facts">
          <dt>{t('sales.company')}</dt>
          <dd>{quote.company.name}</dd>
          <dt>{t('sales.region')}</dt>
          <dd>{(regionNames[quote.regionName] ?? quote.regionName) || '–'}</dd>
          <dt>{t('sales.brand')}</dt>
          <dd>{quote.brand || '–'}</dd>
          <dt>{t('sales.submitted')}</dt>
          <dd>
            <SubmittedDate iso={quote.submittedAt?.toISOString() ?? ''} language={info.language} />
          </dd>
          <dt>{t('sales.description')}</dt>
          <dd>{quote.projectDesc || '–'}</dd>
        </dl>
        <h3 className="sales__contact-title">{t('sales.contact')}</h3>
        <dl className="sales__facts">
          <dt>{t('sales.user')}</dt>
          <dd>
            {name} ({quote.user.username})
          </dd>
          <dt>{t('sales.email')}</dt>
          <dd>{quote.user.email ? <a href={`mailto:${quote.user.email}`}>{quote.user.email}</a> : '–'}</dd>
          <dt>{t('sales.phone')}</dt>
          <dd>
            {quote.phone ? <a href={`tel:${quote.phone.replace(/[^\d+]/g, '')}`}>{quote.phone}</a> : '–'}
          </dd>
        </dl>
      </section>
      <section aria-labelledby="quote-lines">
        <h2 id="quote-lines" className="section__title">
          {t('sales.lines')} ({quote.lines.length})
        </h2>
        <div className="sku-table__scroll">
          <table className="sku-table sales__lines">
            <thead>
              <tr>
                <th scope="col">{t('sales.product')}</th>
                <th scope="col">{t('product.catalogueNumber')}</th>
                <th scope="col">{t('sales.quantity')}</th>
                <th scope="col">{t('sales.packaging')}</th>
              </tr>
            </thead>
            <tbody>
              {quote.lines.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the lines carry no ID and never reorder here
                <tr key={`${line.productId}-${index}`}>
                  <td>{line.name}</td>
                  <td className="sku-table__number">{line.productId}</td>
                  <td className="sku-table__number">{line.quantity}</td>
                  <td>{packagingText(line.packagingOption, packaging) || '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <ProjectFileActions projectId={quote.orderId} locale={segment} readOnly texts={fileActionTexts(t)} />
    </div>
  );
}
