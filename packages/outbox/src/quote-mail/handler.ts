import type { Db } from '@catalogue/db';
import type { Mail } from 'nodemailer';
import { senderDomain } from '../email/handler';
import { DEFAULT_LOCALE, mailTexts } from '../email/texts';
import type { MailTransport } from '../email/transport';
import { PermanentDeliveryError } from '../errors';
import { quoteDrawingSources } from '../quote-document/drawing-sources';
import { quoteDocumentLabels } from '../quote-document/labels';
import { quoteDocumentPdf } from '../quote-document/pdf';
import { deliveryId, type OutboxHandler } from '../worker';
import { quotePageLink } from './links';
import { loadQuoteMail, mailableRep, type QuoteMailData } from './load';
import { type QuoteMailPayload, quoteMailPayload } from './payload';
import { renderQuoteMail, WITH_DOCUMENT } from './render';

/** The reader of one mail: an address, its language, the name to greet (none: the team's mailbox). */
interface Reader {
  to: string;
  locale: string | null;
  name: string | null;
  replyTo: string | undefined;
}

/**
 * The buyer's mails go to the project's sender at an address they confirmed — anyone can type someone
 * else's address into a profile, and the quote would then go to a stranger (as the password reset and
 * the quote request's Reply-To): without one the row is parked with the reason. Answers go to the rep.
 * The seller's go to the rep assigned when the event happened, when they can receive mail, else to the
 * sales team's address (SALES_EMAIL) in the site's default language — nothing is lost for want of a rep.
 */
async function readerOf(
  db: Db,
  payload: QuoteMailPayload,
  data: QuoteMailData,
  salesEmail: string,
): Promise<Reader> {
  if (payload.recipient === 'buyer') {
    if (!data.buyer.confirmed) {
      throw new PermanentDeliveryError(
        `the buyer of quote ${data.quoteId} has no confirmed email address: the ${payload.event} mail is kept unsent`,
      );
    }
    return {
      to: data.buyer.email,
      locale: data.buyer.locale,
      name: data.buyer.name,
      replyTo: data.rep?.email ?? salesEmail,
    };
  }
  const rep = await mailableRep(db, payload.sellerUserId);
  const replyTo = data.buyer.confirmed ? data.buyer.email : undefined;
  if (rep) return { to: rep.email, locale: rep.locale, name: rep.name, replyTo };
  return { to: salesEmail, locale: DEFAULT_LOCALE, name: null, replyTo };
}

/**
 * The `quote-mail` kind (issue 23 item 6): one event of a quote for one reader, rendered in the reader's
 * language with the quote document attached where there is one (sent, revised, accepted), and sent under
 * a Message-ID and Date taken from the row, so a redelivery (a crash after the server took it) carries
 * the same identity and receivers drop the copy — the same guarantee as every `email` row.
 */
export function quoteMailHandler(options: {
  db: Db;
  transport: MailTransport;
  from: string;
  salesEmail: string;
  /** The origin of the links to the quote's page; null: no link. */
  siteOrigin?: () => string | null;
}): OutboxHandler {
  const domain = senderDomain(options.from);
  return async (row) => {
    const parsed = quoteMailPayload.safeParse(row.payload);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`);
      throw new PermanentDeliveryError(`invalid quote-mail payload: ${problems.join('; ')}`);
    }
    const payload = parsed.data;
    const data = await loadQuoteMail(options.db, payload);
    const reader = await readerOf(options.db, payload, data, options.salesEmail);
    const texts = await mailTexts(options.db, reader.locale ?? undefined);
    const file = `quote-${data.quoteId}-${data.revision}.pdf`;
    const pdf =
      WITH_DOCUMENT.has(payload.event) && data.sent
        ? await quoteDocumentPdf(
            {
              quoteId: data.quoteId,
              name: data.name,
              companyName: data.companyName,
              buyerName: data.buyer.name,
              revision: data.revision,
              dateSent: data.sent.dateSent,
              draft: false,
              content: data.sent.content,
            },
            {
              labels: quoteDocumentLabels(texts.t),
              locale: texts.locale,
              siteName: texts.siteName,
              drawings: await quoteDrawingSources(options.db, data.sent.content, texts.locale),
            },
          )
        : null;
    const mail = renderQuoteMail(payload.event, data, texts, {
      name: reader.name,
      attachment: pdf ? file : null,
      link: quotePageLink(options.siteOrigin?.() ?? null, payload.recipient, texts.locale, data.quoteId),
    });
    const message: Mail.Options = {
      from: options.from,
      to: reader.to,
      ...(reader.replyTo ? { replyTo: reader.replyTo } : {}),
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: { 'Content-Language': texts.language },
      ...(pdf ? { attachments: [{ filename: file, contentType: 'application/pdf', content: pdf }] } : {}),
      messageId: `<${deliveryId(row)}@${domain}>`,
      date: row.createdAt,
    };
    await options.transport.send(message, row);
  };
}
