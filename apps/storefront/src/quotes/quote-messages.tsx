import type { Translate } from '../i18n/translator';
import { formatDateTime } from './quote-format';
import type { QuoteMessage } from './quote-wire';

/** The conversation with the sales team, oldest first; the buyer's side and the seller's told apart in text. */
export function QuoteMessages({
  messages,
  locale,
  t,
}: {
  messages: QuoteMessage[];
  locale: string;
  t: Translate;
}) {
  if (messages.length === 0) return <p className="quote-messages__empty">{t('quotes.messages.empty')}</p>;
  return (
    <ol className="quote-messages">
      {messages.map((message) => {
        const name = `${message.FromUser.FirstName} ${message.FromUser.LastName}`.trim();
        const side = message.FromSide === 'Buyer' ? t('quotes.messages.you') : t('quotes.messages.sales');
        return (
          <li
            key={message.ID}
            className={`quote-message quote-message--${message.FromSide === 'Buyer' ? 'buyer' : 'seller'}`}
            data-side={message.FromSide}
          >
            <p className="quote-message__meta">
              <strong>{name ? `${name} (${side})` : side}</strong>{' '}
              <time dateTime={message.DateCreated}>{formatDateTime(message.DateCreated, locale)}</time>
              {message.Revision > 0 && (
                <> · {t('quotes.messages.revision', { revision: message.Revision })}</>
              )}
            </p>
            <p className="quote-message__text">{message.Text}</p>
          </li>
        );
      })}
    </ol>
  );
}
