import { queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, OPERATIONS, refusalOf } from '../testing/editing-operations';
import { type EditingSite, startEditingSite } from '../testing/editing-site';
import { runDueSchedules } from './schedule-job';

const about = { type: 'route', id: '/about', locale: 'en-US' };

describe(`the content write API on ${testDriver()}`, () => {
  let site: EditingSite;
  const run = async (
    operation: keyof typeof OPERATIONS,
    variables: Record<string, unknown>,
    user: 'editor' | 'admin' = 'editor',
  ) => dataOf(await site.as(user, OPERATIONS[operation], variables));
  const published = async <T>(key: { type: string; id: string; locale: string }): Promise<T> =>
    (await run('contentItem', key)).contentItem.data as T;
  const routeTitle = async (path: string, language: string) =>
    dataOf(await site.content.post(`{ route(path: "${path}", language: "${language}") { title bodyHtml } }`))
      .route;

  beforeAll(async () => {
    site = await startEditingSite();
  });
  afterAll(async () => {
    await site?.close();
  });

  it('saves a draft, publishes it as a new version, and the storefront reads it at once', async () => {
    const before = await run('contentItem', about);
    expect(before.contentItem).toMatchObject({ published: true, version: 0, draft: null, schedule: null });
    const data = {
      ...before.contentItem.data,
      title: 'About Northfield',
      bodyHtml: '<p>Since <strong>1962</strong>.</p>',
    };

    const saved = (await run('saveDraft', { ...about, data })).saveDraft;
    expect(saved).toMatchObject({
      ...about,
      baseVersion: 0,
      restoredFrom: null,
      savedBy: { username: 'editor' },
      sanitized: [],
    });
    expect(saved.data.title).toBe('About Northfield');
    // A draft is not published: the storefront still reads the published page.
    expect((await routeTitle('/about', 'en-US')).title).toBe('About us');
    expect((await run('draft', about)).draft.data.title).toBe('About Northfield');

    const version = (await run('publish', { ...about, expectedVersion: 0 })).publish;
    // Version 1 keeps the page as the dataset loaded it; the publication is version 2.
    expect(version).toMatchObject({
      version: 2,
      action: 'publish',
      restoredFrom: null,
      by: { username: 'editor' },
    });
    expect(await routeTitle('/about', 'en-US')).toEqual({
      title: 'About Northfield',
      bodyHtml: '<p>Since <strong>1962</strong>.</p>',
    });
    expect((await run('draft', about)).draft).toBeNull();
    const history = (await run('versions', about)).versions;
    expect(history.total).toBe(2);
    expect(
      history.results.map((v: { version: number; action: string; by: unknown }) => [
        v.version,
        v.action,
        v.by,
      ]),
    ).toEqual([
      [2, 'publish', { userId: expect.any(String), username: 'editor' }],
      [1, 'baseline', null],
    ]);
    expect(history.results[1].data.title).toBe('About us');
  });

  it('refuses a publication whose expected version is stale, and changes nothing', async () => {
    const current = await published<{ title: string }>(about);
    await run('saveDraft', { ...about, data: { ...current, title: 'Stale edit' } });
    const counts = await tableCounts();
    const refused = refusalOf(await site.as('editor', OPERATIONS.publish, { ...about, expectedVersion: 1 }));
    expect(refused).toMatchObject({
      status: 200,
      code: 'CONFLICT',
      extensions: { currentVersion: 2, expectedVersion: 1 },
    });
    expect(refused.message).toMatch(/is at version 2, not 1: someone published it meanwhile/);
    expect(await tableCounts()).toEqual(counts);
    expect((await routeTitle('/about', 'en-US')).title).toBe('About Northfield');
    // Without an expected version the last writer wins.
    expect((await run('publish', about, 'admin')).publish).toMatchObject({
      version: 3,
      by: { username: 'admin' },
    });
    expect((await routeTitle('/about', 'en-US')).title).toBe('Stale edit');
  });

  it('restores a version into the draft, and its publication is recorded as a restore', async () => {
    const restored = (await run('restoreVersion', { ...about, version: 1 })).restoreVersion;
    expect(restored).toMatchObject({ baseVersion: 3, restoredFrom: 1 });
    expect(restored.data.title).toBe('About us');
    expect((await routeTitle('/about', 'en-US')).title).toBe('Stale edit');
    expect((await run('publish', { ...about, expectedVersion: 3 })).publish).toMatchObject({
      version: 4,
      action: 'restore',
      restoredFrom: 1,
    });
    expect(await routeTitle('/about', 'en-US')).toEqual({ title: 'About us', bodyHtml: '' });
    // Pages of versions, newest first.
    const first = (await run('versions', { ...about, limit: 3 })).versions;
    expect(first.results.map((v: { version: number }) => v.version)).toEqual([4, 3, 2]);
    expect(first.pageInfo.hasNext).toBe(true);
    const second = (await run('versions', { ...about, limit: 3, endCursor: first.pageInfo.endCursor }))
      .versions;
    expect(second.results.map((v: { version: number }) => v.version)).toEqual([1]);
    expect(second).toMatchObject({ total: 4, pageInfo: { hasNext: false } });
  });

  it('unpublishes a page (its draft stays) and brings it back by restoring', async () => {
    const careers = { type: 'route', id: '/careers', locale: 'en-GB' };
    const data = await published<Record<string, unknown>>(careers);
    await run('saveDraft', { ...careers, data: { ...data, intro: 'Join us.' } });
    const gone = (await run('unpublish', { ...careers, expectedVersion: 0 })).unpublish;
    expect(gone).toMatchObject({ version: 2, action: 'unpublish', data: null });
    expect(await routeTitle('/careers', 'en-GB')).toBeNull();
    expect((await run('contentItem', careers)).contentItem).toMatchObject({
      published: false,
      data: null,
      version: 2,
    });
    expect((await run('draft', careers)).draft.data.intro).toBe('Join us.');
    const unpublishRestore = refusalOf(
      await site.as('editor', OPERATIONS.restoreVersion, { ...careers, version: 2 }),
    );
    expect(unpublishRestore).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(unpublishRestore.message).toMatch(/is an unpublish: there is nothing to restore/);
    await run('restoreVersion', { ...careers, version: 1 });
    expect((await run('publish', careers)).publish).toMatchObject({
      version: 3,
      action: 'restore',
      restoredFrom: 1,
    });
    expect((await routeTitle('/careers', 'en-GB')).title).toBe(data.title);
  });

  it('creates a new page from a draft, lists it, and discards a draft', async () => {
    const news = { type: 'route', id: '/news', locale: 'en-US' };
    const page = {
      path: '/news',
      kind: 'page',
      categoryId: null,
      title: 'News',
      intro: 'What is new at Northfield.',
      MetaTitle: 'News | Northfield Infrastructure Products',
      MetaDescription: 'Product launches and company news.',
      MetaTags: 'news, launches',
      MetaRobots: 'index, follow',
      MetaGooglebot: 'index, follow, max-snippet:-1',
      sections: [{ heading: 'Launches', paragraphs: ['New cable tray widths.'] }],
    };
    await run('saveDraft', { ...news, data: page });
    const listed = (
      await run('contentItems', { type: 'route', locale: 'en-US', limit: 100, endCursor: null })
    ).contentItems;
    expect(listed.results).toContainEqual({ id: '/news', published: false, hasDraft: true });
    expect(listed.results).toContainEqual({ id: '/about', published: true, hasDraft: false });
    expect((await run('publish', { ...news, expectedVersion: 0 })).publish).toMatchObject({
      version: 1,
      action: 'publish',
    });
    expect((await routeTitle('/news', 'en-US')).title).toBe('News');

    await run('saveDraft', { ...news, data: { ...page, title: 'Newsroom' } });
    expect((await run('discardDraft', news)).discardDraft).toBe(true);
    expect((await run('draft', news)).draft).toBeNull();
    expect((await routeTitle('/news', 'en-US')).title).toBe('News');
  });

  it('moves the content generation and the page-cache tag of the published item only', async () => {
    const faq = { type: 'faq', id: 'conduit-fill-limits', locale: 'en-CA' };
    const itemTag = 'content:faq:en-CA:conduit-fill-limits';
    const otherTag = 'content:faq:en-CA:strut-load-capacity';
    const before = await cacheState([itemTag, otherTag, 'content:faq:en-CA']);
    const data = await published<{ answer: string }>(faq);
    await run('saveDraft', { ...faq, data: { ...data, answer: `${data.answer} Ask your representative.` } });
    // A draft moves nothing: cached pages show published content only.
    expect(await cacheState([itemTag, otherTag, 'content:faq:en-CA'])).toEqual(before);
    await run('publish', faq);
    const after = await cacheState([itemTag, otherTag, 'content:faq:en-CA']);
    expect(after.generation).toBeGreaterThan(before.generation);
    expect(after.tags[itemTag]).toBeGreaterThan(before.latest);
    expect(after.tags['content:faq:en-CA']).toBe(after.tags[itemTag]);
    expect(after.tags[otherTag]).toBe(before.tags[otherTag]);
  });

  it('carries out a scheduled publication once, with two instances running the job', async () => {
    const terms = { type: 'route', id: '/terms', locale: 'en-CA' };
    const data = await published<Record<string, unknown>>(terms);
    await run('saveDraft', { ...terms, data: { ...data, title: 'Terms of sale' } });
    const at = new Date(Date.now() + 1500).toISOString();
    const scheduled = (await run('schedulePublish', { ...terms, at })).schedulePublish;
    expect(scheduled).toMatchObject({ state: 'pending', baseVersion: 0, by: { username: 'editor' } });
    expect(scheduled.data.title).toBe('Terms of sale');
    expect((await run('contentItem', terms)).contentItem.schedule.state).toBe('pending');
    // Edits after scheduling stay in the draft: what was scheduled is what goes out.
    await run('saveDraft', { ...terms, data: { ...data, title: 'Terms of sale (next)' } });
    const instances = [
      await site.serveAnother({ CONTENT_SCHEDULE_INTERVAL_S: 1 }),
      await site.serveAnother({ CONTENT_SCHEDULE_INTERVAL_S: 1 }),
    ];
    await expect
      .poll(async () => (await run('contentItem', terms)).contentItem.version, {
        timeout: 20_000,
        interval: 250,
      })
      .toBe(2);
    for (const instance of instances) await instance.close();
    const versions = (await run('versions', terms)).versions.results;
    expect(
      versions.map((v: { action: string; by: { username: string } | null }) => [
        v.action,
        v.by?.username ?? null,
      ]),
    ).toEqual([
      ['publish', 'editor'],
      ['baseline', null],
    ]);
    expect((await routeTitle('/terms', 'en-CA')).title).toBe('Terms of sale');
    expect((await run('draft', terms)).draft.data.title).toBe('Terms of sale (next)');
    const rows = await queryRows<{ state: string; version: number }>(
      site.database.db,
      sql`select state, version from content_schedule where type = 'route' and id = '/terms' and locale = 'en-CA'`,
    );
    expect(rows).toEqual([{ state: 'done', version: 2 }]);
  });

  it('runs a due publication once when runners race, and fails one whose item was published since', async () => {
    const privacy = { type: 'route', id: '/privacy', locale: 'en-AU' };
    const data = await published<Record<string, unknown>>(privacy);
    await run('saveDraft', { ...privacy, data: { ...data, intro: 'Scheduled intro.' } });
    await run('schedulePublish', { ...privacy, at: new Date(Date.now() + 60_000).toISOString() });
    const later = new Date(Date.now() + 120_000);
    const [first, second] = await Promise.all([
      runDueSchedules(site.database.db, later),
      runDueSchedules(site.database.db, later),
    ]);
    expect([...first, ...second].map((row) => [row.id, row.state, row.version])).toEqual([
      ['/privacy', 'done', 2],
    ]);
    expect(await runDueSchedules(site.database.db, later)).toEqual([]);

    await run('saveDraft', { ...privacy, data: { ...data, intro: 'Second schedule.' } });
    await run('schedulePublish', { ...privacy, at: new Date(Date.now() + 60_000).toISOString() });
    await run('publish', privacy, 'admin');
    const [failed] = await runDueSchedules(site.database.db, later);
    expect(failed).toMatchObject({ state: 'failed', version: null });
    expect(failed?.outcome).toMatch(/version 3 was published after this was scheduled at version 2/);
    expect((await run('contentItem', privacy)).contentItem.version).toBe(3);
  });

  it('replaces and cancels a pending schedule', async () => {
    const cookies = { type: 'route', id: '/cookies', locale: 'en-NZ' };
    const data = await published<Record<string, unknown>>(cookies);
    await run('saveDraft', { ...cookies, data: { ...data, title: 'Cookies' } });
    const first = new Date(Date.now() + 3_600_000).toISOString();
    const second = new Date(Date.now() + 7_200_000).toISOString();
    await run('schedulePublish', { ...cookies, at: first });
    expect((await run('schedulePublish', { ...cookies, at: second })).schedulePublish.publishAt).toBe(second);
    const cancelled = (await run('cancelSchedule', cookies)).cancelSchedule;
    expect(cancelled).toMatchObject({ state: 'cancelled', publishAt: second });
    expect((await run('contentItem', cookies)).contentItem.schedule).toBeNull();
    expect(refusalOf(await site.as('editor', OPERATIONS.cancelSchedule, cookies)).code).toBe('NOT_FOUND');
  });

  it('sanitises rich text on save: scripts, event handlers and script URLs go, allowed markup stays', async () => {
    const page = await published<Record<string, unknown>>({ type: 'route', id: '/contact', locale: 'en-US' });
    const saved = (
      await run('saveDraft', {
        type: 'route',
        id: '/contact',
        locale: 'en-US',
        data: {
          ...page,
          bodyHtml:
            '<h2 onclick="steal()">Visit us</h2><script>alert(1)</script><p>Call <a href="javascript:alert(1)">us</a> or <a href="/rep-locator" target="_blank">find a rep</a>.</p><img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe><ul><li><em>Mon–Fri</em></li></ul>',
        },
      })
    ).saveDraft;
    expect(saved.sanitized).toEqual(['bodyHtml']);
    expect(saved.data.bodyHtml).toBe(
      '<h2>Visit us</h2><p>Call <a>us</a> or <a href="/rep-locator" target="_blank" rel="noopener noreferrer">find a rep</a>.</p><img src="x"><ul><li><em>Mon–Fri</em></li></ul>',
    );
    expect(saved.data.title).toBe(page.title);

    const banner = { type: 'search-widget', id: 'rfkid_home_banner', locale: '*' };
    const widget = (await run('contentItem', banner, 'admin')).contentItem.data;
    const block = widget.config.blocks[0];
    const blocks = [
      {
        ...block,
        html: `${block.html}<a href="{base}/projects" onmouseover="x()">Go</a><svg onload="x()"></svg>`,
        css: `${block.css} @import url(https://evil.example/x.css); .a { background: url(https://evil.example/a.png) }`,
      },
    ];
    const savedBanner = (
      await run('saveDraft', { ...banner, data: { ...widget, config: { blocks } } }, 'admin')
    ).saveDraft;
    expect(savedBanner.sanitized).toEqual(['config.blocks.0.html', 'config.blocks.0.css']);
    expect(savedBanner.data.config.blocks[0].html).toBe(`${block.html}<a href="{base}/projects">Go</a>`);
    expect(savedBanner.data.config.blocks[0].css).not.toMatch(/@import|evil\.example/);

    const seo = { type: 'search-widget', id: 'rfkid_seo', locale: '*' };
    const seoWidget = (await run('contentItem', seo, 'admin')).contentItem.data;
    const head =
      '<meta name="description" content="Cable tray and strut"><meta http-equiv="refresh" content="0;url=https://evil.example"><link rel="stylesheet" href="https://evil.example/x.css"><script>alert(1)</script><script type="application/ld+json">{"@type":"Organization","name":"</script><script>alert(1)</script>"}</script>';
    const savedSeo = (
      await run(
        'saveDraft',
        { ...seo, data: { ...seoWidget, config: { blocks: [{ pages: ['/'], html: head }] } } },
        'admin',
      )
    ).saveDraft;
    const html: string = savedSeo.data.config.blocks[0].html;
    expect(html).toMatch(/^<meta name="description" content="Cable tray and strut">/);
    expect(html).not.toMatch(/http-equiv|stylesheet|<script>|alert\(1\)<\/script>/);
  });

  it('lists missing translations: items the locale lacks and translated fields left empty', async () => {
    const missing = async (type: string, locale: string, from: string) =>
      (await run('missingTranslations', { type, locale, from, limit: 100 })).missingTranslations;
    expect((await missing('route', 'de-EU', 'en-EU')).results.map((r: { id: string }) => r.id)).not.toContain(
      '/careers',
    );
    const careers = { type: 'route', id: '/careers', locale: 'de-EU' };
    await run('unpublish', careers);
    const terms = { type: 'route', id: '/terms', locale: 'de-EU' };
    const data = await published<Record<string, unknown>>(terms);
    await run('saveDraft', { ...terms, data: { ...data, MetaDescription: ' ', intro: '' } });
    await run('publish', terms);
    await run('saveDraft', {
      ...careers,
      data: { ...(await published<Record<string, unknown>>({ ...careers, locale: 'en-EU' })) },
    });
    const routes = await missing('route', 'de-EU', 'en-EU');
    expect(routes.results).toContainEqual({ id: '/careers', reason: 'missing', fields: [], hasDraft: true });
    expect(routes.results).toContainEqual({
      id: '/terms',
      reason: 'empty',
      fields: ['intro', 'MetaDescription'],
      hasDraft: false,
    });
    // Pages of one follow each other to the same list.
    const paged: unknown[] = [];
    let cursor: string | null = null;
    do {
      const page: { results: unknown[]; pageInfo: { endCursor: string | null; hasNext: boolean } } = (
        await run('missingTranslations', {
          type: 'route',
          locale: 'de-EU',
          from: 'en-EU',
          limit: 1,
          endCursor: cursor,
        })
      ).missingTranslations;
      paged.push(...page.results);
      cursor = page.pageInfo.hasNext ? page.pageInfo.endCursor : null;
    } while (cursor);
    expect(paged).toEqual(routes.results);
    expect(routes.total).toBe(routes.results.length);

    const ui = { type: 'dictionary', id: 'ui', locale: 'fr-CA' };
    const phrases = await published<Record<string, string>>(ui);
    const [first, second] = Object.keys(phrases).sort();
    const { [first as string]: _dropped, ...rest } = phrases;
    await run('saveDraft', { ...ui, data: { ...rest, [second as string]: '' } });
    await run('publish', ui);
    expect((await missing('dictionary', 'fr-CA', 'en-CA')).results).toEqual([
      { id: 'ui', reason: 'empty', fields: [first, second].sort(), hasDraft: false },
    ]);
  });

  it('sets the audit actor first in every write transaction, the scheduler for a scheduled publication', async () => {
    // A probe in place of the audit trail's triggers: what each write to the content tables sees.
    await site.database.db.execute(sql`create table audit_probe (tbl text, actor jsonb)`);
    await site.database.db.execute(sql`create function audit_probe() returns trigger language plpgsql as $$
      begin
        insert into audit_probe values (TG_TABLE_NAME, nullif(current_setting('audit.actor', true), '')::jsonb);
        return null;
      end $$`);
    for (const table of ['content_items', 'content_drafts', 'content_versions', 'content_schedule'])
      await site.database.db.execute(
        sql.raw(
          `create trigger ${table}_probe after insert or update or delete on ${table} for each row execute function audit_probe()`,
        ),
      );
    try {
      const faq = { type: 'faq', id: 'strut-load-capacity', locale: 'en-GB' };
      const data = await published<Record<string, unknown>>(faq);
      await run('saveDraft', { ...faq, data: { ...data, keywords: 'strut load span' } });
      await run('publish', faq, 'admin');
      await run('saveDraft', { ...faq, data: { ...data, keywords: 'strut load' } });
      await run('schedulePublish', { ...faq, at: new Date(Date.now() + 60_000).toISOString() });
      await runDueSchedules(site.database.db, new Date(Date.now() + 120_000));
      const seen = await queryRows<{ tbl: string; actor: Record<string, unknown> | null }>(
        site.database.db,
        sql`select tbl, actor from audit_probe`,
      );
      const actors = new Set(seen.map((row) => `${row.tbl}:${row.actor?.username ?? 'none'}`));
      expect([...actors].sort()).toEqual([
        'content_drafts:admin',
        'content_drafts:editor',
        'content_items:admin',
        'content_items:editor',
        'content_schedule:editor',
        'content_versions:admin',
        'content_versions:editor',
      ]);
      expect(seen.find((row) => row.actor?.username === 'admin')?.actor).toEqual({
        userId: expect.any(String),
        username: 'admin',
        userType: 'admin',
        companyId: '',
        clientId: 'admin-console',
        impersonatedBy: null,
      });
    } finally {
      for (const table of ['content_items', 'content_drafts', 'content_versions', 'content_schedule'])
        await site.database.db.execute(sql.raw(`drop trigger ${table}_probe on ${table}`));
    }
  });

  it('describes the editable types, their roles and fields', async () => {
    const types = (await run('contentTypes', {})).contentTypes;
    const byType = new Map(types.map((t: { type: string }) => [t.type, t]));
    expect(byType.get('route')).toMatchObject({
      role: 'ContentEditor',
      locales: 'PER_LOCALE',
      fixedId: null,
      unpublishable: true,
    });
    const routeFields = (
      byType.get('route') as { fields: { name: string; kind: string; required: boolean }[] }
    ).fields;
    for (const meta of ['MetaTitle', 'MetaDescription', 'MetaTags', 'MetaRobots', 'MetaGooglebot'])
      expect(routeFields).toContainEqual({ name: meta, kind: 'string', required: true });
    expect(routeFields).toContainEqual({ name: 'bodyHtml', kind: 'html', required: false });
    expect(byType.get('header')).toMatchObject({ fixedId: 'header', unpublishable: false });
    expect(byType.get('search-widget')).toMatchObject({ role: 'Merchandiser', locales: 'EITHER' });
    // Rules are the search service's admin API's, which checks them against the site.
    expect(byType.has('search-rule')).toBe(false);
    expect([...byType.keys()]).toEqual(
      expect.arrayContaining(['footer', 'dictionary', 'newsletter', 'calculator', 'table']),
    );
  });

  /** Rows of the content tables, to show a refused write changed nothing. */
  async function tableCounts() {
    return queryRows(
      site.database.db,
      sql`select (select count(*) from content_items) as items, (select count(*) from content_drafts) as drafts,
        (select count(*) from content_versions) as versions, (select count(*) from content_schedule) as schedules,
        (select md5(string_agg(data::text, '' order by type, id, locale)) from content_items) as items_hash,
        (select md5(string_agg(data::text, '' order by type, id, locale)) from content_drafts) as drafts_hash`,
    );
  }

  /** The content generation and the versions of some page-cache tags (latest: the feed's newest). */
  async function cacheState(tags: string[]) {
    const [generation] = await queryRows<{ generation: string }>(
      site.database.db,
      sql`select generation from cache_generations where name = 'content'`,
    );
    const rows = await queryRows<{ tag: string; version: string }>(
      site.database.db,
      sql`select tag, version from page_cache_tags where tag in (${sql.join(
        tags.map((t) => sql`${t}`),
        sql`, `,
      )})`,
    );
    const [latest] = await queryRows<{ version: string | null }>(
      site.database.db,
      sql`select max(version) as version from page_cache_tags`,
    );
    return {
      generation: Number(generation?.generation ?? 0),
      latest: Number(latest?.version ?? 0),
      tags: Object.fromEntries(rows.map((r) => [r.tag, Number(r.version)])) as Record<string, number>,
    };
  }
});
