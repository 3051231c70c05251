import type { LocaleCode } from '@catalogue/dataset/model';
import type { Translate } from '../i18n/translator';
import { SubmittedDate } from '../sales/sales-parts';
import { DeskActionForm } from './desk-action-form';
import { replyAction } from './desk-actions';
import { newActionKey } from './desk-form-state';
import { type DeskMessage, keyPart } from './desk-types';

/** The conversation with the buyer, oldest first, and the rep's reply (a message the buyer reads). */
export function MessageThread({
  messages,
  quoteId,
  locale,
  language,
  canReply,
  t,
}: {
  messages: DeskMessage[];
  quoteId: string;
  locale: LocaleCode;
  language: string;
  canReply: boolean;
  t: Translate;
}) {
  return (
    <section id="messages" aria-labelledby="messages-title" className="desk-section">
      <h2 id="messages-title" className="section__title">
        {t('quoteDesk.messages')}
      </h2>
      {messages.length === 0 ? (
        <p className="panel">{t('quoteDesk.messages.none')}</p>
      ) : (
        <ol className="desk-messages">
          {messages.map((message) => (
            <li
              key={message.ID}
              className={`desk-message desk-message--${message.FromSide}`}
              data-side={message.FromSide}
            >
              <p className="desk-message__meta">
                <strong>
                  {`${message.FromUser.FirstName} ${message.FromUser.LastName}`.trim() || message.FromUser.ID}
                </strong>{' '}
                ({t(`quoteDesk.side.${keyPart(message.FromSide)}`)}) ·{' '}
                <SubmittedDate iso={message.DateCreated} language={language} />
                {message.Revision > 0 && ` · ${t('quoteDesk.revision', { revision: message.Revision })}`}
              </p>
              <p className="desk-message__text">{message.Text}</p>
            </li>
          ))}
        </ol>
      )}
      {canReply && (
        <DeskActionForm
          idPrefix="reply"
          className="panel desk-reply"
          action={replyAction.bind(null, locale, quoteId)}
          actionKey={newActionKey()}
          submitLabel={t('quoteDesk.reply')}
          pendingLabel={t('quoteDesk.sending')}
          field={{
            name: 'text',
            label: t('quoteDesk.replyLabel'),
            hint: t('quoteDesk.replyHint'),
            maxLength: 4000,
            required: true,
          }}
        />
      )}
    </section>
  );
}
