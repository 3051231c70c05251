import type { LocaleCode } from '@catalogue/dataset/model';
import type { Translate } from '../i18n/translator';
import { DeskActionForm } from './desk-action-form';
import { assignToMeAction, sendQuoteAction, withdrawQuoteAction } from './desk-actions';
import { newActionKey } from './desk-form-state';
import { type DeskQuote, keyPart } from './desk-types';
import { ASSIGNABLE, SENDABLE, WITHDRAWABLE } from './status-badge';

/**
 * What a rep does with the quote as a whole: assign it to themselves, preview the draft as the buyer's
 * PDF (`?draft=1` of the quote document route), send it (a new revision for the buyer) with a message,
 * withdraw it with a reason. Each refusal (e.g. `Quote.CannotSendBadStatus`) shows next to its button.
 */
export function QuoteActions({
  quote,
  locale,
  me,
  t,
}: {
  quote: DeskQuote;
  locale: LocaleCode;
  me: string;
  t: Translate;
}) {
  const preview = `/api/quotes/${encodeURIComponent(quote.ID)}/document.pdf?draft=1`;
  return (
    <section aria-labelledby="quote-send-title" className="panel desk-section desk-send">
      <h2 id="quote-send-title" className="section__title">
        {t('quoteDesk.sendTitle')}
      </h2>
      <div className="desk-send__row">
        {quote.AssignedUserID !== me && ASSIGNABLE.includes(quote.Status) && (
          <DeskActionForm
            idPrefix="assign"
            action={assignToMeAction.bind(null, locale, quote.ID, null)}
            actionKey={newActionKey()}
            submitLabel={t('quoteDesk.assignToMe')}
            pendingLabel={t('quoteDesk.assigning')}
            buttonClassName="button button--secondary"
          />
        )}
        <p>
          <a href={preview} target="_blank" rel="noopener" className="desk-preview">
            {t('quoteDesk.preview')}
          </a>
        </p>
      </div>
      {SENDABLE.includes(quote.Status) || quote.Status === 'Submitted' ? (
        <DeskActionForm
          idPrefix="send"
          className="desk-send__form"
          action={sendQuoteAction.bind(null, locale, quote.ID)}
          actionKey={newActionKey()}
          submitLabel={
            quote.Revision > 0
              ? t('quoteDesk.sendRevision', { revision: quote.Revision + 1 })
              : t('quoteDesk.send')
          }
          pendingLabel={t('quoteDesk.sending')}
          field={{
            name: 'message',
            label: t('quoteDesk.sendMessage'),
            hint: t('quoteDesk.sendHint'),
            maxLength: 4000,
          }}
        />
      ) : (
        <p>{t('quoteDesk.notSendable', { status: t(`quoteDesk.status.${keyPart(quote.Status)}`) })}</p>
      )}
      {WITHDRAWABLE.includes(quote.Status) && (
        <details className="desk-withdraw">
          <summary>{t('quoteDesk.withdraw')}</summary>
          <DeskActionForm
            idPrefix="withdraw"
            action={withdrawQuoteAction.bind(null, locale, quote.ID)}
            actionKey={newActionKey()}
            submitLabel={t('quoteDesk.withdrawConfirm')}
            pendingLabel={t('quoteDesk.withdrawing')}
            buttonClassName="button button--danger"
            field={{
              name: 'reason',
              label: t('quoteDesk.withdrawReason'),
              hint: t('quoteDesk.withdrawHint'),
              maxLength: 2000,
            }}
          />
        </details>
      )}
    </section>
  );
}
