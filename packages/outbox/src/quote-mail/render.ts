import { htmlMail, linkParagraph, type Paragraph, textMail } from '../email/templates/html-mail';
import { escapeHtml, type MailTexts } from '../email/texts';
import { formatsFor } from '../quote-document/format';
import type { QuoteMailData } from './load';
import type { QuoteMailEvent } from './payload';

/** The events whose mail carries the quote document (there is a revision the reader can act on). */
export const WITH_DOCUMENT: ReadonlySet<QuoteMailEvent> = new Set(['sent', 'revised', 'accepted']);

export interface RenderedQuoteMail {
  subject: string;
  text: string;
  html: string;
}

/** What the event's own text quotes: a reason, a request, a message — written by a person, shown as such. */
function quoted(
  event: QuoteMailEvent,
  data: QuoteMailData,
  texts: MailTexts,
): { intro?: string; text: string } | null {
  if (event === 'declined') {
    const reason = data.changes.DeclineReason?.[1];
    return typeof reason === 'string' && reason ? { text: reason } : null;
  }
  if (!data.message) return null;
  // A send's or a withdrawal's message is the rep's note beside the event's own text.
  const separate = event === 'sent' || event === 'revised' || event === 'withdrawn';
  return separate
    ? { intro: texts.t('email.quote.repMessage'), text: data.message.text }
    : { text: data.message.text };
}

/**
 * A quote mail in the reader's language: greeting, what happened (with the figures of the revision in the
 * reader's number and date formats), the words of the person who caused it quoted as plain text, the
 * reference, the attachment. Plain text and an HTML part with the same content, every value escaped.
 */
export function renderQuoteMail(
  event: QuoteMailEvent,
  data: QuoteMailData,
  texts: MailTexts,
  reader: { name: string | null; attachment: string | null; link?: string | null },
): RenderedQuoteMail {
  const content = data.sent?.content;
  const f = formatsFor(texts.locale, content?.Currency ?? 'USD');
  const values = {
    project: data.name,
    company: data.companyName,
    buyer: data.actorName || data.buyer.name,
    author: data.message?.author ?? data.actorName,
    revision: data.revision,
    total: content ? f.money(content.Total) : '–',
    date: f.date(data.sent?.validUntil ?? null),
    orderId: String(data.changes.OrderID?.[1] ?? ''),
    id: data.quoteId,
    file: reader.attachment ?? '',
  };
  const subject = texts.t(`email.quote.${event}.subject`, values);
  const greeting = reader.name
    ? texts.t('email.quote.greeting', { name: reader.name })
    : texts.t('email.quote.teamGreeting');
  const intro = texts.t(`email.quote.${event}.intro`, values);
  const words = quoted(event, data, texts);
  const reference = texts.t('email.quote.reference', values);
  const attached = reader.attachment ? texts.t('email.quote.attached', values) : null;
  const open = reader.link ? texts.t('email.quote.open') : null;
  const signature = texts.t('email.signature');
  const block = words
    ? words.text
        .split('\n')
        .map((line) => (line ? `> ${line}` : '>'))
        .join('\n')
    : null;
  const text = textMail(
    [
      greeting,
      intro,
      ...(words?.intro ? [words.intro] : []),
      ...(block ? [block] : []),
      reference,
      ...(open && reader.link ? [`${open}\n${reader.link}`] : []),
      ...(attached ? [attached] : []),
    ],
    signature,
  );
  const quote: Paragraph[] = words
    ? [
        ...(words.intro ? [words.intro] : []),
        {
          html: `<blockquote style="margin:0;padding:8px 12px;border-left:4px solid #888;background:#f4f4f4;white-space:pre-wrap">${escapeHtml(words.text)}</blockquote>`,
        },
      ]
    : [];
  const html = htmlMail(texts.language, subject, [
    greeting,
    intro,
    ...quote,
    reference,
    ...(open && reader.link ? [linkParagraph(open, reader.link)] : []),
    ...(attached ? [attached] : []),
    signature,
  ]);
  return { subject, text, html };
}
