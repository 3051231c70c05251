import type { Db } from '@catalogue/db';
import { Hono } from 'hono';
import type { Principal } from '../auth/claims';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { parseListParams, parsePaging } from '../list/params';
import { orderResource } from '../orders/wire';
import { requireBuyer } from './access';
import { acceptQuote, declineQuote, requestQuoteChanges } from './buyer-actions';
import { postQuoteMessage, quoteMessages } from './messages';
import { findQuoteDetail, findQuotes, quoteRevisions, sentContents } from './reads';
import { wholeList } from './routes';
import { buyerQuoteOf, messageOf, revisionsOfRows } from './shape';
import { acceptBody, declineBody, messageBody, requestChangesBody } from './wire';

/**
 * The buyer's quotes, `/v1/me/quotes…` (docs/quotes-wire.md "Buyer routes"), for buyer users with
 * Shopper: the quotes of the projects they reach, as the revision sent last shows them.
 */
export function buyerQuoteRoutes(db: Db): Hono<CommerceEnv> {
  const app = new Hono<CommerceEnv>();
  /** The quote as the buyer sees it now. */
  const view = async (principal: Principal, id: string) => {
    const found = await findQuoteDetail(db, principal, 'buyer', id);
    return buyerQuoteOf(found.quote, found.order, found.sent, found.lines);
  };
  app.use('*', async (c, next) => {
    requireBuyer(c.get('principal'));
    await next();
  });

  app.get('/', async (c) => {
    const params = parseListParams(new URL(c.req.url).searchParams);
    const page = await findQuotes(db, c.get('principal'), 'buyer', params);
    const sent = await sentContents(
      db,
      page.Items.map(({ quote }) => ({ id: quote.id, revision: quote.revision })),
    );
    return c.json({
      Items: page.Items.map(({ quote, order }) =>
        buyerQuoteOf(quote, order, sent.get(quote.id) ?? null, null),
      ),
      Meta: page.Meta,
    });
  });

  app.get('/:quoteID', async (c) => {
    return c.json(await view(c.get('principal'), c.req.param('quoteID')));
  });

  /** Answers the new order (201, as OrderCloud's order actions). */
  app.post('/:quoteID/accept', async (c) => {
    const body = await readBody(c.req.raw, acceptBody);
    const order = await acceptQuote(db, c.get('principal'), c.req.param('quoteID'), body, new Date());
    return c.json(await orderResource.wireOne(db, order), 201);
  });

  app.post('/:quoteID/decline', async (c) => {
    const body = await readBody(c.req.raw, declineBody);
    await declineQuote(db, c.get('principal'), c.req.param('quoteID'), body, new Date());
    return c.json(await view(c.get('principal'), c.req.param('quoteID')), 201);
  });

  app.post('/:quoteID/requestchanges', async (c) => {
    const body = await readBody(c.req.raw, requestChangesBody);
    await requestQuoteChanges(db, c.get('principal'), c.req.param('quoteID'), body, new Date());
    return c.json(await view(c.get('principal'), c.req.param('quoteID')), 201);
  });

  app.get('/:quoteID/revisions', async (c) => {
    const rows = await quoteRevisions(db, c.get('principal'), 'buyer', c.req.param('quoteID'));
    const items = revisionsOfRows(rows, 'buyer');
    return c.json({ Items: items, Meta: wholeList(items.length) });
  });

  app.get('/:quoteID/messages', async (c) => {
    const paging = parsePaging(new URL(c.req.url).searchParams);
    const page = await quoteMessages(db, c.get('principal'), 'buyer', c.req.param('quoteID'), paging);
    return c.json({ Items: page.Items.map(messageOf), Meta: page.Meta });
  });

  app.post('/:quoteID/messages', async (c) => {
    const body = await readBody(c.req.raw, messageBody);
    const row = await postQuoteMessage(
      db,
      c.get('principal'),
      'buyer',
      c.req.param('quoteID'),
      body.Text,
      new Date(),
    );
    return c.json(messageOf(row), 201);
  });

  return app;
}
