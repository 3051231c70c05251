import type { Db } from '@catalogue/db';
import { Hono } from 'hono';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { parseListParams, parsePaging } from '../list/params';
import { requireSeller } from './access';
import { postQuoteMessage, quoteMessages } from './messages';
import { findQuoteDetail, findQuotes, quoteHistory, quoteRevisions } from './reads';
import { priceQuoteLine, sendQuote, updateQuoteHeader, withdrawQuote } from './service';
import { eventOf, messageOf, revisionsOfRows, sellerQuoteOf } from './shape';
import { messageBody, quoteLinePatchBody, quotePatchBody, sendBody, withdrawBody } from './wire';

/**
 * The seller's quote desk, `/v1/quotes…` (docs/quotes-wire.md "Seller routes"): validate, call the use
 * case, shape the answer. Reads need QuoteReader or QuoteAdmin, writes QuoteAdmin (FullAccess both),
 * checked before the body is read.
 */
export function sellerQuoteRoutes(db: Db, options: { validityDays: number }): Hono<CommerceEnv> {
  const app = new Hono<CommerceEnv>();
  app.use('*', async (c, next) => {
    requireSeller(c.get('principal'), c.req.method === 'GET' ? 'read' : 'write');
    await next();
  });

  app.get('/', async (c) => {
    const params = parseListParams(new URL(c.req.url).searchParams);
    const page = await findQuotes(db, c.get('principal'), 'seller', params, c);
    const now = new Date();
    return c.json({
      Items: page.Items.map(({ quote, order }) => sellerQuoteOf(quote, order, null, now)),
      Meta: page.Meta,
    });
  });

  app.get('/:quoteID', async (c) => {
    const found = await findQuoteDetail(db, c.get('principal'), 'seller', c.req.param('quoteID'));
    return c.json(sellerQuoteOf(found.quote, found.order, found.lines, new Date()));
  });

  app.patch('/:quoteID', async (c) => {
    const body = await readBody(c.req.raw, quotePatchBody);
    const now = new Date();
    const state = await updateQuoteHeader(db, c.get('principal'), c.req.param('quoteID'), body, now);
    return c.json(sellerQuoteOf(state.quote, state.order, state.lines, now));
  });

  app.patch('/:quoteID/lineitems/:lineItemID', async (c) => {
    const body = await readBody(c.req.raw, quoteLinePatchBody);
    const now = new Date();
    const state = await priceQuoteLine(
      db,
      c.get('principal'),
      c.req.param('quoteID'),
      c.req.param('lineItemID'),
      body,
      now,
    );
    return c.json(sellerQuoteOf(state.quote, state.order, state.lines, now));
  });

  app.post('/:quoteID/send', async (c) => {
    const body = await readBody(c.req.raw, sendBody);
    const now = new Date();
    const state = await sendQuote(
      db,
      c.get('principal'),
      c.req.param('quoteID'),
      body,
      now,
      options.validityDays,
    );
    return c.json(sellerQuoteOf(state.quote, state.order, state.lines, now), 201);
  });

  app.post('/:quoteID/withdraw', async (c) => {
    const body = await readBody(c.req.raw, withdrawBody);
    const now = new Date();
    const state = await withdrawQuote(db, c.get('principal'), c.req.param('quoteID'), body, now);
    return c.json(sellerQuoteOf(state.quote, state.order, state.lines, now), 201);
  });

  app.get('/:quoteID/revisions', async (c) => {
    const rows = await quoteRevisions(db, c.get('principal'), 'seller', c.req.param('quoteID'));
    const items = revisionsOfRows(rows, 'seller');
    return c.json({ Items: items, Meta: wholeList(items.length) });
  });

  app.get('/:quoteID/events', async (c) => {
    const rows = await quoteHistory(db, c.get('principal'), c.req.param('quoteID'));
    return c.json({ Items: rows.map(eventOf), Meta: wholeList(rows.length) });
  });

  app.get('/:quoteID/messages', async (c) => {
    const paging = parsePaging(new URL(c.req.url).searchParams);
    const page = await quoteMessages(db, c.get('principal'), 'seller', c.req.param('quoteID'), paging);
    return c.json({ Items: page.Items.map(messageOf), Meta: page.Meta });
  });

  app.post('/:quoteID/messages', async (c) => {
    const body = await readBody(c.req.raw, messageBody);
    const row = await postQuoteMessage(
      db,
      c.get('principal'),
      'seller',
      c.req.param('quoteID'),
      body.Text,
      new Date(),
    );
    return c.json(messageOf(row), 201);
  });
  return app;
}

/** `Meta` of a list answered whole (a quote's revisions and events: tens, not thousands). */
export function wholeList(count: number) {
  return {
    Page: 1,
    PageSize: Math.max(count, 1),
    TotalCount: count,
    TotalPages: count > 0 ? 1 : 0,
    ItemRange: [count > 0 ? 1 : 0, count] as [number, number],
  };
}
