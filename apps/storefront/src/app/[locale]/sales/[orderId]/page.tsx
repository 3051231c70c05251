import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { getDictionary, getLocaleInfo, getRegionNames } from '../../../../data/content';
import { createTranslator } from '../../../../i18n/translator';
import { loginHref } from '../../../../product/toolbar-links';
import { AuditTrail } from '../../../../quote-desk/audit-trail';
import { savePricingAction } from '../../../../quote-desk/desk-actions';
import {
  DeskApiError,
  getQuote,
  quoteEvents,
  quoteMessages,
  quoteRevisions,
} from '../../../../quote-desk/desk-api';
import { personName, sellerUsers } from '../../../../quote-desk/desk-directory';
import { deskErrorMessage } from '../../../../quote-desk/desk-errors';
import { newActionKey } from '../../../../quote-desk/desk-form-state';
import { DeskNotice } from '../../../../quote-desk/desk-notice';
import { pricingTexts } from '../../../../quote-desk/desk-texts';
import { MessageThread } from '../../../../quote-desk/message-thread';
import { appliedBreak, priceSchedulesOf } from '../../../../quote-desk/price-breaks';
import { PricingEditor, type PricingLineView } from '../../../../quote-desk/pricing-editor';
import { dayOf } from '../../../../quote-desk/pricing-form';
import { QuoteActions } from '../../../../quote-desk/quote-actions';
import { RequestDetails } from '../../../../quote-desk/request-details';
import { RevisionHistory } from '../../../../quote-desk/revision-history';
import { EDITABLE, StatusBadge } from '../../../../quote-desk/status-badge';
import { localeFromSegment, localizedPath } from '../../../../routing/locales';
import { quoteRequestDetail } from '../../../../sales/sales-inbox';
import { SalesForbidden, SubmittedDate } from '../../../../sales/sales-parts';
import { salesSession } from '../../../../sales/sales-session';
import { pageMetadata } from '../../../../shell/shell-metadata';
import '../../../../quote-desk/quote-desk.css';

/** Per user (the seller's token from the UserToken cookie): never cached. */
export const dynamic = 'force-dynamic';

interface QuotePageProps {
  params: Promise<{ locale: string; orderId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: QuotePageProps): Promise<Metadata> {
  const { locale: segment, orderId } = await params;
  const locale = localeFromSegment(segment);
  if (!locale) return {};
  const t = createTranslator(await getDictionary(locale));
  return {
    ...(await pageMetadata(locale, `/sales/${encodeURIComponent(orderId)}`)),
    title: { absolute: t('quoteDesk.title') },
    robots: { index: false, follow: false },
  };
}

const DONE = ['saved', 'assigned', 'sent', 'withdrawn', 'replied'];

/**
 * `/sales/{quoteId}` (issue 23 item 4): one quote for the sales team — status, the request as submitted,
 * the pricing form (terms, freight, validity, the internal note, every line's price, lead time, substitute
 * and note, live totals), preview, send and withdraw, the buyer's messages, the revisions with their
 * changes and the audit trail. A quote that does not exist or that the seller cannot read: the not-found message.
 */
export default async function QuotePage({ params, searchParams }: QuotePageProps) {
  const { locale: segment, orderId: rawId } = await params;
  const locale = localeFromSegment(segment);
  if (!locale) notFound();
  const quoteId = decodeURIComponent(rawId);
  const [dictionary, info, session, query] = await Promise.all([
    getDictionary(locale),
    getLocaleInfo(locale),
    salesSession(),
    searchParams,
  ]);
  const t = createTranslator(dictionary);
  const here = localizedPath(locale, `/sales/${encodeURIComponent(quoteId)}`);
  if (session.kind === 'visitor') redirect(loginHref(locale, here));
  if (session.kind !== 'seller') return <SalesForbidden t={t} loginHref={loginHref(locale, here)} />;
  const back = (
    <p>
      <Link href={localizedPath(locale, '/sales')} prefetch={false}>
        {t('quoteDesk.back')}
      </Link>
    </p>
  );
  const valid = /^[\w-]{1,100}$/.test(quoteId);
  const quote = valid
    ? await getQuote(session.token, quoteId).catch((error: unknown) => {
        if (error instanceof DeskApiError) return error;
        throw error;
      })
    : null;
  if (!quote || (quote instanceof DeskApiError && quote.status === 404)) {
    return (
      <div className="container section sales">
        <header className="page-header">
          <h1 className="page-header__title">{t('quoteDesk.title')}</h1>
        </header>
        <p className="panel">{t('sales.notFound')}</p>
        {back}
      </div>
    );
  }
  if (quote instanceof DeskApiError) {
    return (
      <div className="container section sales">
        <header className="page-header">
          <h1 className="page-header__title">{t('quoteDesk.title')}</h1>
        </header>
        <p className="panel form-field__error" role="alert">
          {deskErrorMessage(quote, t)}
        </p>
        {back}
      </div>
    );
  }
  const lines = quote.LineItems ?? [];
  const [request, revisions, messages, events, reps, regionNames, schedules] = await Promise.all([
    quoteRequestDetail(session.token, quoteId).catch(() => null),
    quoteRevisions(session.token, quoteId)
      .then((r) => r.Items)
      .catch(() => []),
    quoteMessages(session.token, quoteId)
      .then((r) => r.Items)
      .catch(() => []),
    quoteEvents(session.token, quoteId)
      .then((r) => r.Items)
      .catch(() => []),
    sellerUsers(session.token),
    getRegionNames(info.language),
    priceSchedulesOf(session.token, lines.map((l) => l.PriceScheduleID ?? '').filter(Boolean)),
  ]);
  const repNames = new Map(reps.map((r) => [r.id, r.label]));
  const people = new Map([...repNames, [quote.FromUserID, personName(quote.FromUser) || quote.FromUserID]]);
  // The assignee stays choosable even when the seller's roles cannot list the seller's users.
  const assignees = [
    ...reps,
    ...(reps.some((r) => r.id === session.user.userId)
      ? []
      : [{ id: session.user.userId, label: t('quoteDesk.rep.you') }]),
    ...(quote.AssignedUserID &&
    ![...reps.map((r) => r.id), session.user.userId].includes(quote.AssignedUserID)
      ? [{ id: quote.AssignedUserID, label: quote.AssignedUserID }]
      : []),
  ];
  const lineViews: PricingLineView[] = lines.map((line) => {
    const breaks = line.PriceScheduleID ? schedules.get(line.PriceScheduleID) : undefined;
    const applied = breaks && !line.SubstituteProductID ? appliedBreak(breaks, line.Quantity) : null;
    return {
      id: line.ID,
      productId: line.ProductID,
      productName: line.Product.Name ?? line.ProductID,
      quantity: line.Quantity,
      listUnitPrice: line.ListUnitPrice,
      breakQuantity: applied?.quantity ?? null,
      substituteName: line.SubstituteProduct?.Name ?? null,
      values: {
        discount:
          line.PriceType === 'Discount' && line.DiscountPercent !== null ? String(line.DiscountPercent) : '',
        net: line.PriceType === 'Net' ? String(line.UnitPrice) : '',
        lead: line.LeadTimeDays === null ? '' : String(line.LeadTimeDays),
        sub: line.SubstituteProductID ?? '',
        note: line.Note ?? '',
      },
    };
  });
  const lineNames = new Map(lines.map((l) => [l.ID, `${l.Product.Name ?? l.ProductID} (${l.ProductID})`]));
  const done = typeof query.done === 'string' && DONE.includes(query.done) ? query.done : null;
  const region = String(request?.regionName ?? quote.xp?.regionName ?? '');
  const editable = EDITABLE.includes(quote.Status);
  return (
    <div className="container section sales desk">
      {back}
      <header className="page-header desk-quote__header">
        <h1 className="page-header__title">{quote.Name || quote.ID}</h1>
        <p className="desk-quote__status">
          <StatusBadge status={quote.Status} t={t} />{' '}
          {quote.Revision > 0
            ? t('quoteDesk.revisionSent', { revision: quote.Revision })
            : t('quoteDesk.notSentYet')}
        </p>
        <dl className="desk-quote__facts">
          <div>
            <dt>{t('sales.company')}</dt>
            <dd>{quote.FromCompanyName}</dd>
          </div>
          <div>
            <dt>{t('sales.user')}</dt>
            <dd>{personName(quote.FromUser) || quote.FromUserID}</dd>
          </div>
          <div>
            <dt>{t('sales.submitted')}</dt>
            <dd>
              {t('quoteDesk.ageDays', { days: quote.AgeDays })} ·{' '}
              <SubmittedDate iso={quote.DateSubmitted} language={info.language} />
            </dd>
          </div>
          <div>
            <dt>{t('quoteDesk.assignee')}</dt>
            <dd data-assignee={quote.AssignedUserID ?? ''}>
              {quote.AssignedUserID === session.user.userId
                ? t('quoteDesk.rep.you')
                : quote.AssignedUserID
                  ? (repNames.get(quote.AssignedUserID) ?? quote.AssignedUserID)
                  : '–'}
            </dd>
          </div>
          {quote.OrderID && (
            <div>
              <dt>{t('quoteDesk.order')}</dt>
              <dd>{quote.OrderID}</dd>
            </div>
          )}
          {quote.DeclineReason && (
            <div>
              <dt>{t('quoteDesk.declineReason')}</dt>
              <dd>{quote.DeclineReason}</dd>
            </div>
          )}
        </dl>
      </header>
      {done && <DeskNotice text={t(`quoteDesk.done.${done}`)} />}
      <section id="pricing" aria-labelledby="pricing-title" className="desk-section">
        <h2 id="pricing-title" className="visually-hidden">
          {t('quoteDesk.pricing')}
        </h2>
        <PricingEditor
          key={quote.LastUpdated}
          action={savePricingAction.bind(null, locale, quote.ID)}
          actionKey={newActionKey()}
          lines={lineViews}
          header={{
            assignee: quote.AssignedUserID ?? '',
            freight: quote.FreightAmount ? String(quote.FreightAmount) : '',
            validUntil: dayOf(quote.ValidUntil),
            terms: quote.Terms ?? '',
            internalNote: quote.InternalNote ?? '',
          }}
          reps={assignees}
          currency={quote.Currency}
          language={info.language}
          today={new Date().toISOString().slice(0, 10)}
          editable={editable}
          texts={pricingTexts(t)}
        />
      </section>
      <QuoteActions quote={quote} locale={locale} me={session.user.userId} t={t} />
      <MessageThread
        messages={messages}
        quoteId={quote.ID}
        locale={locale}
        language={info.language}
        canReply={quote.Status !== 'Withdrawn'}
        t={t}
      />
      <RevisionHistory
        revisions={revisions}
        lineNames={lineNames}
        repNames={repNames}
        language={info.language}
        t={t}
      />
      <AuditTrail
        events={events}
        lineNames={lineNames}
        people={people}
        currency={quote.Currency}
        language={info.language}
        t={t}
      />
      {request && (
        <RequestDetails
          request={request}
          regionName={(regionNames[region] ?? region) || ''}
          language={info.language}
          localeSegment={segment}
          t={t}
        />
      )}
    </div>
  );
}
