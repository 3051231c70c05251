import { contentItems } from '@catalogue/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentUnderTest, startContent } from '../testing/content-server';

describe('content cache', () => {
  let content: ContentUnderTest;
  const routeTitle = async (language: string) =>
    (await content.post(`{ route(path: "/about", language: "${language}") { title } }`)).json.data.route
      .title;

  beforeAll(async () => {
    content = await startContent({ skus: 20 });
  });
  afterAll(async () => {
    await content?.close();
  });

  it('serves an updated content row on the next request', async () => {
    expect(await routeTitle('nl-EU')).toBe('Over ons');
    expect(await routeTitle('nl-EU')).toBe('Over ons');
    await content.database.db
      .update(contentItems)
      .set({ data: sql`jsonb_set(${contentItems.data}, '{title}', '"Wie wij zijn"')` })
      .where(
        and(eq(contentItems.type, 'route'), eq(contentItems.id, '/about'), eq(contentItems.locale, 'nl-EU')),
      );
    expect(await routeTitle('nl-EU')).toBe('Wie wij zijn');
    // Other locales are read again too, and unchanged.
    expect(await routeTitle('de-EU')).toBe('Über uns');
  });

  it('sees rows added and removed by a transaction once it commits', async () => {
    const locales = async () => (await content.post('{ metricToggleLocales }')).json.data.metricToggleLocales;
    expect(await locales()).toEqual(['en-US', 'en-CA', 'fr-CA']);
    await content.database.db.transaction(async (tx) => {
      await tx
        .update(contentItems)
        .set({
          data: {
            default: null,
            entries: [{ locale: 'en-GB', language: 'en', value: 'en-GB' }],
          },
        })
        .where(and(eq(contentItems.type, 'mapping'), eq(contentItems.id, 'metric-toggle')));
    });
    expect(await locales()).toEqual(['en-GB']);
    await content.database.db
      .delete(contentItems)
      .where(
        and(
          eq(contentItems.type, 'route'),
          eq(contentItems.id, '/cookies'),
          eq(contentItems.locale, 'en-US'),
        ),
      );
    expect(
      (await content.post('{ route(path: "/cookies", language: "en-US") { title } }')).json.data.route,
    ).toBeNull();
  });
});
