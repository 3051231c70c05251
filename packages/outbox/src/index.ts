export { backoffSeconds } from './backoff';
export { type OutboxConfig, outboxConfigFromEnv } from './config';
export { emailHandler, readyMessage } from './email/handler';
export { TEMPLATES } from './email/templates/index';
export { escapeHtml, mailTexts } from './email/texts';
export { createMailTransport, type MailTransport, mailFileName } from './email/transport';
export { PermanentDeliveryError, UnknownWorkError } from './errors';
export { marketingPushHandler } from './marketing-push';
export { quoteMailHandler } from './quote-mail/handler';
export { projectDetails, type QuoteRequest, quoteCsv, quotePdf } from './quote-request/document';
export { loadQuoteRequest, quoteRequestHandler } from './quote-request/handler';
export { outboxHandlers, type RunningOutbox, startOutbox } from './start';
export {
  type DeliveryOutcome,
  deliveryId,
  type OutboxHandler,
  type OutboxRow,
  OutboxWorker,
  type OutboxWorkerOptions,
} from './worker';
