import type { QuoteRequest } from '@catalogue/outbox/documents';
import { packagingLabels, packagingText } from '@catalogue/outbox/packaging';
import type { Translate } from '../i18n/translator';
import { ProjectFileActions } from '../projects/file-actions/project-file-actions';
import { fileActionTexts } from '../projects/file-actions/texts';
import { SubmittedDate } from '../sales/sales-parts';

/**
 * What the buyer asked for, as the project was submitted: company, region, brand, description, the
 * requester's contact, the requested lines with their packaging, and the project's CSV and PDF.
 */
export function RequestDetails({
  request,
  regionName,
  language,
  localeSegment,
  t,
}: {
  request: QuoteRequest & { phone: string };
  regionName: string;
  language: string;
  localeSegment: string;
  t: Translate;
}) {
  const name = `${request.user.firstName} ${request.user.lastName}`.trim() || request.user.username;
  // Packaging as its label in the page's language, never the stored code (issue 22 item 10).
  const packaging = packagingLabels(t);
  return (
    <section aria-labelledby="quote-details" className="desk-section">
      <div className="panel sales__details">
        <h2 id="quote-details" className="section__title">
          {t('quoteDesk.request')}
        </h2>
        <div className="desk-request">
          <dl className="sales__facts">
            <dt>{t('sales.company')}</dt>
            <dd>{request.company.name}</dd>
            <dt>{t('sales.region')}</dt>
            <dd>{regionName || '–'}</dd>
            <dt>{t('sales.brand')}</dt>
            <dd>{request.brand || '–'}</dd>
            <dt>{t('sales.submitted')}</dt>
            <dd>
              <SubmittedDate iso={request.submittedAt?.toISOString() ?? ''} language={language} />
            </dd>
            <dt>{t('sales.description')}</dt>
            <dd>{request.projectDesc || '–'}</dd>
          </dl>
          <div>
            <h3 className="sales__contact-title">{t('sales.contact')}</h3>
            <dl className="sales__facts">
              <dt>{t('sales.user')}</dt>
              <dd>
                {name} ({request.user.username})
              </dd>
              <dt>{t('sales.email')}</dt>
              <dd>
                {request.user.email ? <a href={`mailto:${request.user.email}`}>{request.user.email}</a> : '–'}
              </dd>
              <dt>{t('sales.phone')}</dt>
              <dd>
                {request.phone ? (
                  <a href={`tel:${request.phone.replace(/[^\d+]/g, '')}`}>{request.phone}</a>
                ) : (
                  '–'
                )}
              </dd>
            </dl>
          </div>
        </div>
        <h3 className="sales__contact-title" id="quote-lines">
          {t('quoteDesk.requestedLines')} ({request.lines.length})
        </h3>
        <div className="sku-table__scroll">
          <table className="sku-table sales__lines" aria-labelledby="quote-lines">
            <thead>
              <tr>
                <th scope="col">{t('sales.product')}</th>
                <th scope="col">{t('product.catalogueNumber')}</th>
                <th scope="col">{t('sales.quantity')}</th>
                <th scope="col">{t('sales.packaging')}</th>
              </tr>
            </thead>
            <tbody>
              {request.lines.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the lines carry no ID and never reorder here
                <tr key={`${line.productId}-${index}`}>
                  <td data-label={t('sales.product')}>{line.name}</td>
                  <td data-label={t('product.catalogueNumber')} className="sku-table__number">
                    {line.productId}
                  </td>
                  <td data-label={t('sales.quantity')} className="sku-table__number">
                    {line.quantity}
                  </td>
                  <td data-label={t('sales.packaging')}>
                    {packagingText(line.packagingOption, packaging) || '–'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ProjectFileActions
          projectId={request.orderId}
          locale={localeSegment}
          readOnly
          texts={fileActionTexts(t)}
        />
      </div>
    </section>
  );
}
