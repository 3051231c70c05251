import { request as httpRequest } from 'node:http';
import { createCommerceService } from '@catalogue/commerce';
import { queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { setSharedServices } from '@catalogue/service-kit/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf } from '../testing/content-server';
import { dataOf, OPERATIONS, type Operation, refusalOf } from '../testing/editing-operations';
import { type DemoUser, type EditingSite, startEditingSite } from '../testing/editing-site';

/** Authorisation, preview access and bad input of the content write API: refusals change nothing. */
describe(`the content write API's refusals on ${testDriver()}`, () => {
  let site: EditingSite;
  const about = { type: 'route', id: '/about', locale: 'en-US' };
  const banner = { type: 'search-widget', id: 'rfkid_home_banner', locale: '*' };
  const soon = () => new Date(Date.now() + 3_600_000).toISOString();

  beforeAll(async () => {
    site = await startEditingSite();
  });
  afterAll(async () => {
    await site?.close();
  });

  /** Everything the write API stores, to show that a refused request changed none of it. */
  const contentState = () =>
    queryRows(
      site.database.db,
      sql`select (select count(*) from content_items) as items, (select count(*) from content_drafts) as drafts,
        (select count(*) from content_versions) as versions, (select count(*) from content_schedule) as schedules,
        (select md5(string_agg(data::text, '' order by type, id, locale)) from content_items) as items_hash,
        (select md5(coalesce(string_agg(data::text || state, '' order by key), '')) from content_schedule) as schedule_hash,
        (select md5(coalesce(string_agg(data::text || saved_at::text, '' order by type, id, locale), '')) from content_drafts) as drafts_hash`,
    );
  /**
   * POSTs a body on a connection of its own: a refused oversize body is not read, so the server closes
   * the connection, which a pooled client would try to use again.
   */
  const postOnce = (body: string, headers: Record<string, string>) =>
    new Promise<{ status: number; code: string; message: string }>((resolve, reject) => {
      const request = httpRequest(
        site.content.url,
        {
          method: 'POST',
          agent: false,
          headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () => {
            const error = JSON.parse(text).errors[0];
            resolve({
              status: response.statusCode ?? 0,
              code: error.extensions.code,
              message: error.message,
            });
          });
        },
      );
      // The server may close before taking the whole body: the answer is what counts.
      request.on('error', (error) =>
        error.message.includes('EPIPE') || error.message.includes('ECONNRESET') ? undefined : reject(error),
      );
      request.end(body);
    });
  const published = async (key: typeof about) =>
    dataOf(await site.as('admin', OPERATIONS.contentItem, key)).contentItem.data as Record<string, unknown>;

  describe('authorisation', () => {
    /** Every operation, with variables that an authorised caller could carry out on `item`. */
    const calls = (item: typeof about, data: unknown): [Operation, Record<string, unknown>][] => [
      ['saveDraft', { ...item, data }],
      ['draft', item],
      ['contentItem', item],
      ['contentItems', { type: item.type, locale: item.locale }],
      ['versions', item],
      ['schedulePublish', { ...item, at: soon() }],
      ['cancelSchedule', item],
      ['publish', item],
      ['restoreVersion', { ...item, version: 1 }],
      ['discardDraft', item],
      ['unpublish', item],
      ['missingTranslations', { type: item.type, locale: item.locale === '*' ? 'en-GB' : 'en-GB' }],
      ['contentTypes', {}],
    ];
    const allowed: Record<'route' | 'search-widget', DemoUser[]> = {
      route: ['editor', 'admin'],
      'search-widget': ['merchandiser', 'admin'],
    };

    it('refuses every operation without a valid token (401) and to users without the role (403)', async () => {
      const before = await contentState();
      const items = [
        [about, await published(about)],
        [banner, await published(banner)],
      ] as const;
      let refusals = 0;
      for (const [item, data] of items) {
        const refusedUsers: (DemoUser | null)[] = [null, 'employee', 'catalogue', 'service'];
        refusedUsers.push(item.type === 'route' ? 'merchandiser' : 'editor');
        for (const user of refusedUsers) {
          for (const [operation, variables] of calls(item, data)) {
            // contentTypes needs any editing role: the other role's holder may read it.
            if (operation === 'contentTypes' && (user === 'editor' || user === 'merchandiser')) continue;
            const answer = await site.as(user, OPERATIONS[operation], variables);
            const refused = refusalOf(answer);
            const expected = user === null ? ['UNAUTHENTICATED', 401] : ['FORBIDDEN', 403];
            expect([operation, user, refused.code, refused.status]).toEqual([operation, user, ...expected]);
            if (user === null) expect(answer.headers.get('www-authenticate')).toBe('Bearer');
            refusals += 1;
          }
        }
      }
      expect(refusals).toBeGreaterThan(100);
      expect(await contentState()).toEqual(before);
    });

    it("keeps search rules to merchandisers and points them to the search service's admin API", async () => {
      const rule = { type: 'search-rule', id: 'stock-before-made-to-order', locale: '*' };
      const before = await contentState();
      const outcomes: [string | null, string, number][] = [];
      for (const user of [null, 'employee', 'editor', 'merchandiser', 'admin'] as const) {
        const refused = refusalOf(await site.as(user, OPERATIONS.saveDraft, { ...rule, data: {} }));
        outcomes.push([user, refused.code, refused.status]);
      }
      expect(outcomes).toEqual([
        [null, 'UNAUTHENTICATED', 401],
        ['employee', 'FORBIDDEN', 403],
        ['editor', 'FORBIDDEN', 403],
        ['merchandiser', 'BAD_USER_INPUT', 200],
        ['admin', 'BAD_USER_INPUT', 200],
      ]);
      expect(await contentState()).toEqual(before);
    });

    it('verifies tokens in-process when no commerce URL is configured (the single server)', async () => {
      const commerce = createCommerceService(site.database, { basePath: '' });
      setSharedServices([commerce]);
      const local = await site.serveAnother({ COMMERCE_SERVICE_URL: undefined });
      try {
        const ask = async (user: DemoUser | null) =>
          answerOf(
            await fetch(local.url, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                ...(user ? { authorization: `Bearer ${site.tokens[user]}` } : {}),
              },
              body: JSON.stringify({ query: OPERATIONS.contentItem, variables: about }),
            }),
          );
        expect(dataOf(await ask('editor')).contentItem.published).toBe(true);
        expect(refusalOf(await ask('merchandiser'))).toMatchObject({ code: 'FORBIDDEN', status: 403 });
        expect(refusalOf(await ask(null))).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
      } finally {
        setSharedServices(null);
        commerce.stop();
      }
    });

    it('refuses a forged, malformed or ended token as unauthenticated', async () => {
      const before = await contentState();
      const [head, body, signature] = site.tokens.editor.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
      const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, role: ['FullAccess'] })).toString('base64url')}.${signature}`;
      const buyer = site.tokens.employee.split('.') as [string, string, string];
      const buyerClaims = JSON.parse(Buffer.from(buyer[1], 'base64url').toString()) as Record<
        string,
        unknown
      >;
      const promoted = `${buyer[0]}.${Buffer.from(JSON.stringify({ ...buyerClaims, usrtype: 'admin', role: ['ContentEditor'] })).toString('base64url')}.${buyer[2]}`;
      for (const authorization of [
        `Bearer ${forged}`,
        `Bearer ${promoted}`,
        'Bearer not-a-token',
        'Basic ZWRpdG9yOng=',
        `Bearer ${site.tokens.editor}x`,
      ]) {
        const answer = await site.as(
          null,
          OPERATIONS.saveDraft,
          { ...about, data: await published(about) },
          { authorization },
        );
        expect([authorization.slice(0, 12), refusalOf(answer).code, answer.status]).toEqual([
          authorization.slice(0, 12),
          'UNAUTHENTICATED',
          401,
        ]);
      }
      expect(await contentState()).toEqual(before);
    });

    it('lets the roles holding the type do each operation (no auth refusal), FullAccess included', async () => {
      for (const [item, users] of [
        [about, allowed.route],
        [banner, allowed['search-widget']],
      ] as const) {
        const data = await published(item);
        for (const user of users) {
          const codes: string[] = [];
          for (const [operation, variables] of calls(item, data)) {
            if (operation === 'unpublish' || operation === 'missingTranslations') continue;
            const answer = await site.as(user, OPERATIONS[operation], variables);
            codes.push(`${operation}:${answer.json.errors?.[0]?.extensions?.code ?? 'ok'}`);
          }
          // The draft was saved, scheduled, unscheduled, published (version 2 after the baseline), version 1
          // restored into a new draft, which was discarded.
          expect(codes).toEqual([
            'saveDraft:ok',
            'draft:ok',
            'contentItem:ok',
            'contentItems:ok',
            'versions:ok',
            'schedulePublish:ok',
            'cancelSchedule:ok',
            'publish:ok',
            'restoreVersion:ok',
            'discardDraft:ok',
            'contentTypes:ok',
          ]);
        }
      }
      const missing = await site.as('editor', OPERATIONS.missingTranslations, {
        type: 'route',
        locale: 'fr-CA',
        from: 'en-CA',
      });
      expect(dataOf(missing).missingTranslations.total).toBeGreaterThanOrEqual(0);
    });
  });

  describe('preview', () => {
    const PREVIEW = { 'x-content-preview': 'drafts' };
    const pageQuery = '{ route(path: "/downloads", language: "en-NZ") { title } }';

    it('answers every current draft over the published items, uncached, to content editors only', async () => {
      const downloads = { type: 'route', id: '/downloads', locale: 'en-NZ' };
      const data = await published(downloads);
      dataOf(
        await site.as('editor', OPERATIONS.saveDraft, {
          ...downloads,
          data: { ...data, title: 'Downloads (draft)' },
        }),
      );
      const pcm = dataOf(
        await site.as('editor', OPERATIONS.contentItems, { type: 'pcm', locale: 'en-NZ', limit: 1 }),
      ).contentItems.results[0].id as string;
      const product = { type: 'pcm', id: pcm, locale: 'en-NZ' };
      const marketing = await published(product);
      dataOf(
        await site.as('editor', OPERATIONS.saveDraft, {
          ...product,
          data: { ...marketing, productMarketingMessage: 'Draft message' },
        }),
      );
      const pcmQuery = `{ allM_PCM_Product(where: { productNumber_in: ["${pcm}"] }, locale: "en-NZ") { total results { productMarketingMessage } } }`;

      const publicAnswer = await site.content.post(pageQuery);
      expect(dataOf(publicAnswer).route.title).toBe(data.title);
      expect(
        dataOf(await site.content.post(pcmQuery)).allM_PCM_Product.results[0].productMarketingMessage,
      ).toBe(marketing.productMarketingMessage);
      // A token without the preview header changes nothing: public reads stay as they are.
      expect(dataOf(await site.as('employee', pageQuery)).route.title).toBe(data.title);

      for (const user of ['editor', 'admin'] as const) {
        const preview = await site.as(user, pageQuery, {}, PREVIEW);
        expect(dataOf(preview).route.title).toBe('Downloads (draft)');
        expect(preview.headers.get('cache-control')).toBe('private, no-store');
        const previewPcm = dataOf(await site.as(user, pcmQuery, {}, PREVIEW)).allM_PCM_Product;
        expect(previewPcm).toEqual({ total: 1, results: [{ productMarketingMessage: 'Draft message' }] });
      }
      // The published page is unchanged for everyone else, and cached snapshots never hold drafts.
      expect(dataOf(await site.content.post(pageQuery)).route.title).toBe(data.title);
    });

    it('refuses the preview without an editor token, and a header value it does not know', async () => {
      for (const [user, code, status] of [
        [null, 'UNAUTHENTICATED', 401],
        ['employee', 'FORBIDDEN', 403],
        ['catalogue', 'FORBIDDEN', 403],
        ['merchandiser', 'FORBIDDEN', 403],
        ['service', 'FORBIDDEN', 403],
      ] as const) {
        const answer = await site.as(user, pageQuery, {}, PREVIEW);
        expect([user, answer.status, answer.json.errors[0].extensions.code, answer.json.data]).toEqual([
          user,
          status,
          code,
          undefined,
        ]);
      }
      const odd = await site.as('editor', pageQuery, {}, { 'x-content-preview': 'all' });
      expect(odd.status).toBe(400);
      expect(odd.json.errors[0]).toMatchObject({
        message: 'x-content-preview takes one value: drafts.',
        extensions: { code: 'BAD_REQUEST' },
      });
    });
  });

  describe('bad input', () => {
    const send = (operation: Operation, variables: Record<string, unknown>, user: DemoUser = 'admin') =>
      site.as(user, OPERATIONS[operation], variables);

    it('refuses unknown types, unknown locales, wrong ids and wrong locale kinds on every operation', async () => {
      const before = await contentState();
      const data = await published(about);
      const keyed: [Operation, Record<string, unknown>][] = [
        ['saveDraft', { data }],
        ['discardDraft', {}],
        ['publish', {}],
        ['unpublish', {}],
        ['schedulePublish', { at: soon() }],
        ['cancelSchedule', {}],
        ['restoreVersion', { version: 1 }],
        ['draft', {}],
        ['contentItem', {}],
        ['versions', {}],
      ];
      for (const [operation, extra] of keyed) {
        const cases: [Record<string, unknown>, string, RegExp][] = [
          [
            { ...about, type: 'page' },
            'UNKNOWN_TYPE',
            /^Unknown content type 'page': use one of route, site, header/,
          ],
          [{ ...about, type: 'locale', id: 'en-US' }, 'UNKNOWN_TYPE', /Unknown content type 'locale'/],
          [
            { type: 'search-rule', id: 'stock-first', locale: '*' },
            'BAD_USER_INPUT',
            /^search-rule items are written through the search service's admin API \(\/discover\/admin\/v1\/widgets and \/rules\)/,
          ],
          [{ ...about, locale: 'pt-BR' }, 'UNKNOWN_LANGUAGE', /^Unknown locale 'pt-BR': use one of en-US/],
          [
            { ...about, locale: '*' },
            'BAD_USER_INPUT',
            /route items are kept per locale: give a locale code/,
          ],
          [{ ...banner, locale: 'klingon' }, 'UNKNOWN_LANGUAGE', /Unknown locale 'klingon'/],
          [
            { type: 'header', id: 'top', locale: 'en-US' },
            'BAD_USER_INPUT',
            /A header item's id is 'header', not 'top'/,
          ],
          [{ ...about, id: ' /about' }, 'BAD_USER_INPUT', /^id: an id of printable characters/],
          [{ ...about, id: 'x'.repeat(301) }, 'BAD_USER_INPUT', /^id: at most 300 characters/],
          [{ ...about, id: '/a\u0007b' }, 'BAD_USER_INPUT', /^id: an id of printable characters/],
        ];
        for (const [key, code, message] of cases) {
          const refused = refusalOf(await send(operation, { ...key, ...extra }));
          expect([operation, refused.code, refused.status]).toEqual([operation, code, 200]);
          expect(refused.message).toMatch(message);
        }
      }
      expect(await contentState()).toEqual(before);
    });

    it('refuses data that is not of its type, naming the problem, for every type', async () => {
      const before = await contentState();
      const route = await published(about);
      const header = await published({ type: 'header', id: 'header', locale: 'en-US' });
      const calculatorKey = dataOf(
        await send('contentItems', { type: 'calculator', locale: 'en-US', limit: 1 }),
      ).contentItems.results[0].id as string;
      const calculator = await published({ type: 'calculator', id: calculatorKey, locale: 'en-US' });
      const widget = await published(banner);
      const invalid: [Record<string, unknown>, unknown, RegExp][] = [
        [
          about,
          { ...route, MetaRobots: 'index, sometimes' },
          /MetaRobots: comma-separated robots directives/,
        ],
        [about, { ...route, MetaTitle: 'x'.repeat(201) }, /MetaTitle: at most 200 characters/],
        [about, { ...route, surprise: 1 }, /Unrecognized key: "surprise"/],
        [
          about,
          { ...route, path: '/elsewhere' },
          /The id of this route must be '\/elsewhere' \(from its data\), not '\/about'/,
        ],
        [
          about,
          { ...route, kind: 'page', categoryId: 'cable-tray' },
          /categoryId: a page route has no categoryId/,
        ],
        [about, 'About us', /The data is not a valid route/],
        [
          { type: 'header', id: 'header', locale: 'en-US' },
          { ...header, topLinks: [{ label: 'x', href: 'javascript:alert(1)' }] },
          /topLinks\.0\.href: must be a site path/,
        ],
        [{ type: 'footer', id: 'footer', locale: 'en-US' }, {}, /columns: .*expected array/i],
        [{ type: 'dictionary', id: 'ui', locale: 'en-US' }, { 'bad key!': 'x' }, /a phrase key/],
        [
          { type: 'newsletter', id: 'newsletter', locale: 'en-US' },
          { heading: 'Only a heading' },
          /text: .*expected string/i,
        ],
        [
          { type: 'site', id: 'site', locale: 'en-US' },
          { name: 5, footerColumns: [] },
          /name: .*expected string/i,
        ],
        [{ type: 'made-to-order', id: 'labels', locale: 'en-US' }, { badge: 'x' }, /leadTime/],
        [
          { type: 'category-marketing', id: 'cable-tray', locale: 'en-US' },
          { Name: 'x', Message: 'y', Bullets: 'z' },
          /Bullets: .*expected array/i,
        ],
        [
          { type: 'table', id: 'cable-tray/specifications', locale: 'en-US' },
          { id: 'specifications', family: 'cable-tray', title: 'T', columns: [], rows: [] },
          /columns: .*>=1/i,
        ],
        [
          { type: 'tab', id: 'cable-tray/overview', locale: 'en-US' },
          { id: 'overview', family: 'cable-tray', label: 'O', order: -1, body: '', bullets: [] },
          /order: .*>=0/i,
        ],
        [
          { type: 'calculator', id: calculatorKey, locale: 'en-US' },
          { ...calculator, strutSpan: calculator.conduitFill, conduitFill: null },
          /The data is not a valid calculator/,
        ],
        [
          { type: 'bim-filter', id: 'format', locale: 'en-US' },
          { id: 'format', label: 'F', field: 'javascript:x', order: 0, options: [] },
          /field: a product field path/,
        ],
        [
          { type: 'faq', id: 'q1', locale: 'en-US' },
          { id: 'q1', question: 'Q', answer: 'A', keywords: '', categories: ['Not A Category'] },
          /categories\.0: a category id/,
        ],
        [
          { type: 'pcm', id: 'ABC-1', locale: 'en-US' },
          { productNumber: 'ABC-2', productName: 'n', productMarketingMessage: 'm', productBullets: [] },
          /must be 'ABC-2'/,
        ],
        [
          banner,
          { ...widget, config: { blocks: [{ html: 42 }] } },
          /config\.blocks\.0\.html: .*expected string/i,
        ],
        [banner, { ...widget, type: 'carousel' }, /The data is not a valid search-widget/],
        [
          { type: 'search-widget', id: 'rfkid_7', locale: '*' },
          { type: 'content_grid', name: 'Search results', entities: ['product'], config: { limit: 24 } },
          /type: the settings of this widget type are edited through the search service's admin API/,
        ],
      ];
      for (const [key, data, message] of invalid) {
        const refused = refusalOf(await send('saveDraft', { ...key, data }));
        expect([key.type, refused.code]).toEqual([key.type, 'INVALID_CONTENT']);
        expect(refused.message).toMatch(message);
        expect(refused.extensions.issues).toEqual(
          expect.arrayContaining([expect.objectContaining({ message: expect.any(String) })]),
        );
      }
      expect(await contentState()).toEqual(before);
    });

    it('refuses oversize data and bodies', async () => {
      const before = await contentState();
      const phrases = { huge: 'x'.repeat(300_000) };
      const refused = refusalOf(
        await send('saveDraft', { type: 'dictionary', id: 'ui', locale: 'en-US', data: phrases }),
      );
      expect(refused).toMatchObject({ code: 'INVALID_CONTENT' });
      expect(refused.message).toMatch(/^The data is 300\d{3} bytes: an item holds at most 262144\.$/);
      const body = (data: unknown) =>
        JSON.stringify({
          query: OPERATIONS.saveDraft,
          variables: { type: 'dictionary', id: 'ui', locale: 'en-US', data },
        });
      const tooLarge = await postOnce(body({ huge: 'x'.repeat(600_000) }), {
        authorization: `Bearer ${site.tokens.admin}`,
      });
      expect(tooLarge).toEqual({
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
        message: 'Request body too large: at most 524288 bytes.',
      });
      // Without a token the public limit applies.
      const anonymous = await postOnce(body({ huge: 'x'.repeat(70_000) }), {});
      expect(anonymous).toEqual({
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
        message: 'Request body too large: at most 65536 bytes.',
      });
      expect(await contentState()).toEqual(before);
    });

    it('refuses operations on what is not there and arguments out of range, changing nothing', async () => {
      const careers = { type: 'route', id: '/careers', locale: 'en-US' };
      const before = await contentState();
      const cases: [Operation, Record<string, unknown>, string, RegExp][] = [
        ['publish', careers, 'NOT_FOUND', /There is no draft of route '\/careers' in en-US to publish/],
        ['discardDraft', careers, 'NOT_FOUND', /There is no draft of route '\/careers' in en-US\./],
        [
          'schedulePublish',
          { ...careers, at: soon() },
          'NOT_FOUND',
          /no draft of route '\/careers' in en-US to schedule/,
        ],
        ['cancelSchedule', careers, 'NOT_FOUND', /No publication of route '\/careers' in en-US is scheduled/],
        ['restoreVersion', { ...careers, version: 7 }, 'NOT_FOUND', /has no version 7/],
        ['restoreVersion', { ...careers, version: 0 }, 'BAD_USER_INPUT', /^version: .*>=1/],
        [
          'unpublish',
          { type: 'route', id: '/nowhere', locale: 'en-US' },
          'NOT_FOUND',
          /route '\/nowhere' in en-US is not published/,
        ],
        [
          'unpublish',
          { type: 'header', id: 'header', locale: 'en-US' },
          'BAD_USER_INPUT',
          /A header item cannot be unpublished: every page of the locale needs it/,
        ],
        ['unpublish', { ...careers, expectedVersion: -1 }, 'BAD_USER_INPUT', /^expectedVersion: /],
        ['unpublish', { ...careers, expectedVersion: 4 }, 'CONFLICT', /is at version 0, not 4/],
        ['versions', { ...careers, limit: 500 }, 'BAD_USER_INPUT', /limit must be from 1 to 100 \(got 500\)/],
        ['versions', { ...careers, endCursor: 'bogus' }, 'BAD_USER_INPUT', /Malformed cursor 'bogus'/],
        [
          'missingTranslations',
          { type: 'search-widget', locale: 'en-US' },
          'BAD_USER_INPUT',
          /search-widget items are not kept per locale/,
        ],
        [
          'missingTranslations',
          { type: 'route', locale: 'en-US' },
          'BAD_USER_INPUT',
          /from and locale are both en-US/,
        ],
        [
          'missingTranslations',
          { type: 'route', locale: 'en-GB', from: 'xx' },
          'UNKNOWN_LANGUAGE',
          /Unknown from 'xx'/,
        ],
      ];
      for (const [operation, variables, code, message] of cases) {
        const refused = refusalOf(await send(operation, variables));
        expect([operation, refused.code]).toEqual([operation, code]);
        expect(refused.message).toMatch(message);
      }
      // A schedule in the past, too far ahead or not a date.
      const data = await published(careers);
      dataOf(await send('saveDraft', { ...careers, data }));
      const drafted = await contentState();
      for (const [at, message] of [
        [new Date(Date.now() - 60_000).toISOString(), /at must be in the future/],
        [new Date(Date.now() + 400 * 86_400_000).toISOString(), /at must be within a year from now/],
        ['next tuesday', /^at: an ISO 8601 date and time with an offset/],
        ['2030-01-31T09:00:00', /^at: an ISO 8601 date and time with an offset/],
      ] as const) {
        const refused = refusalOf(await send('schedulePublish', { ...careers, at }));
        expect([at, refused.code]).toEqual([at, 'BAD_USER_INPUT']);
        expect(refused.message).toMatch(message);
      }
      expect(await contentState()).toEqual(drafted);
      dataOf(await send('discardDraft', careers));
      expect(await contentState()).toEqual(before);
    });
  });
});
