import { contentItems } from '@catalogue/db/schema';
import * as sdk from '@sitecore-search/data';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchUnderTest, searchUnderTest } from '../testing/search-under-test';

/**
 * Questions and answers (rfkid_qa, from faq.yaml) and the content block widgets (search.yaml) on the demo
 * dataset, with requests built by the SDK's request builders.
 */

// biome-ignore lint/suspicious/noExplicitAny: wire answers of many shapes, read by tests
type Json = any;

let search: SearchUnderTest;

function contextOf(locale: string, uri: string): Record<string, unknown> {
  const context = new sdk.Context();
  const [language, country] = locale.split('-') as [string, string];
  context.setLocaleLanguage(language);
  context.setLocaleCountry(country.toLowerCase());
  context.setPageUri(uri);
  return context.toJson();
}

async function ask(
  locale: string,
  keyphrase: string,
  related?: { limit?: number; offset?: number },
): Promise<Json> {
  const request = new sdk.Request();
  const item = sdk.defaultRequests.getDefaultRequestFor(sdk.WidgetDataType.QUESTIONS, 'rfkid_qa');
  item.setEntity('content');
  if (keyphrase) item.setQuestionsKeyphrase(keyphrase);
  if (related?.limit !== undefined) item.setQuestionsRelatedQuestionsLimit(related.limit);
  if (related?.offset !== undefined) item.setQuestionsRelatedQuestionsOffset(related.offset);
  request.addWidgets([item.toJson()]);
  request.setContext(contextOf(locale, '/search'));
  const answer = await search.post(request.toJson());
  expect(answer.status).toBe(200);
  const widget = answer.json.widgets[0];
  expect(widget).toMatchObject({ rfk_id: 'rfkid_qa', type: 'questions_answers', entity: 'content' });
  return widget;
}

async function block(type: string, rfkId: string, locale: string, uri: string): Promise<Json> {
  const request = new sdk.Request();
  const item = sdk.defaultRequests.getDefaultRequestFor(type as never, rfkId);
  item.setEntity('content');
  request.addWidgets([item.toJson()]);
  request.setContext(contextOf(locale, uri));
  const answer = await search.post(request.toJson());
  expect(answer.status).toBe(200);
  return answer.json.widgets[0];
}

function html(widget: Json): string | undefined {
  return widget.appearance?.templates?.html?.devices?.pc?.content;
}

beforeAll(async () => {
  search = await searchUnderTest({ skus: 100 });
});

afterAll(async () => {
  await search?.close();
});

describe('questions and answers (rfkid_qa)', () => {
  it('answers an English question exactly, with related questions', async () => {
    const widget = await ask('en-US', 'how full can I fill a conduit');
    expect(widget.answer).toMatchObject({ document_id: 'conduit-fill-limits', type: 'faq' });
    expect(widget.answer.answer).toContain('53 %');
    expect(widget.answer.highlight).toContain('<em>');
    expect(widget.related_questions.length).toBeLessThanOrEqual(5);
    expect(widget.related_questions.map((q: { document_id: string }) => q.document_id)).not.toContain(
      'conduit-fill-limits',
    );
  });

  it('answers in the locale’s language: French on fr-CA, German on de-EU, Dutch on nl-EU', async () => {
    const fr = await ask('fr-CA', 'remplissage des conduits');
    expect(fr.answer.document_id).toBe('conduit-fill-limits');
    expect(fr.answer.question).toMatch(/remplissage/);
    const de = await ask('de-EU', 'Tragfähigkeit Montageschienen');
    expect(de.answer.document_id).toBe('strut-load-capacity');
    expect(de.answer.answer).toMatch(/Stützweite/);
    const nl = await ask('nl-EU', 'BIM bestanden downloaden');
    expect(nl.answer.document_id).toBe('bim-files');
    // The made-to-order lead time is the region's.
    expect((await ask('en-AU', 'lead time made to order')).answer.answer).toContain('8–10 weeks');
  });

  it('pages the related questions (limit default 5, offset) and lists every FAQ without a keyphrase', async () => {
    const all = await ask('en-GB', '');
    expect(all.answer).toBeUndefined();
    expect(all.total_item).toBeGreaterThanOrEqual(15);
    expect(all.related_questions).toHaveLength(5);
    const next = await ask('en-GB', '', { limit: 3, offset: 5 });
    expect(next.related_questions).toHaveLength(3);
    expect(next.related_questions[0].document_id).not.toBe(all.related_questions[0].document_id);
    expect((await ask('en-US', 'zebra giraffe')).related_questions).toEqual([]);
  });

  it('follows a changed FAQ at once', async () => {
    await search.database.db
      .update(contentItems)
      .set({ data: sql`jsonb_set(${contentItems.data}, '{question}', '"Wie vol mag een buis met kabels?"')` })
      .where(
        and(
          eq(contentItems.type, 'faq'),
          eq(contentItems.id, 'conduit-fill-limits'),
          eq(contentItems.locale, 'nl-EU'),
        ),
      );
    const widget = await ask('nl-EU', 'hoe vol mag een buis');
    expect(widget.answer.question).toBe('Wie vol mag een buis met kabels?');
  });
});

describe('content blocks', () => {
  it('lists the block widgets of a page for the SDK’s page-widgets request (locale from the URI)', async () => {
    const widgetsOf = async (uri: string) => {
      const request = new sdk.PageWidgetsRequest();
      request.setContextPageUri(uri);
      const answer = await search.post(request.toJson());
      expect(answer.status).toBe(200);
      return answer.json.widgets
        .map((w: { rfk_id: string; entity: string }) => `${w.rfk_id}@${w.entity}`)
        .sort();
    };
    expect(await widgetsOf('/fr-ca/')).toEqual(['rfkid_home_banner@content', 'rfkid_seo@content']);
    expect(await widgetsOf('/search')).toEqual(['rfkid_popular_topics@content', 'rfkid_search_tips@content']);
    expect(await widgetsOf('/de-eu/products/cable-tray')).toEqual(['rfkid_family_help@content']);
    expect(await widgetsOf('/about')).toEqual([]);
  });

  it('answers the block for the page URI and locale, links with the locale prefix', async () => {
    const fr = await block('banner', 'rfkid_home_banner', 'fr-CA', '/fr-ca');
    expect(fr).toMatchObject({ rfk_id: 'rfkid_home_banner', type: 'banner', entity: 'content' });
    expect(html(fr)).toContain('Planifiez');
    expect(html(fr)).toContain('href="/fr-ca/projects"');
    expect(fr.appearance.templates.css.devices.pc.content).toContain('.promo-banner');
    expect(fr.appearance.css_names).toEqual(['promo-banner']);
    expect(html(await block('banner', 'rfkid_home_banner', 'en-US', '/'))).toContain('href="/projects"');

    expect(html(await block('html_block', 'rfkid_search_tips', 'en-US', '/search'))).toContain(
      'Catalog numbers',
    );
    expect(html(await block('html_block', 'rfkid_search_tips', 'en-GB', '/en-gb/search?q=x'))).toContain(
      'Catalogue numbers',
    );
    expect(
      html(await block('html_block', 'rfkid_family_help', 'nl-EU', '/nl-eu/products/strut-framing')),
    ).toContain('rekenhulpen');
    const topics = await block('content_block', 'rfkid_popular_topics', 'de-EU', '/de-eu/search');
    expect(topics.content).toEqual([
      { id: 'conduit-fill', title: 'Rohrfüllgrad', url: '/de-eu/calculators' },
      { id: 'bim-files', title: 'BIM-Dateien', url: '/de-eu/downloads' },
      { id: 'firestop', title: 'Brandschutzsysteme', url: '/de-eu/products/fire-rated' },
    ]);
    const seo = await block('seo', 'rfkid_seo', 'en-US', '/');
    expect(html(seo)).toContain('application/ld+json');
  });

  it('answers a page without a block with empty appearance, and a request without a page URI as an error', async () => {
    const none = await block('html_block', 'rfkid_search_tips', 'en-US', '/about');
    expect(none.appearance).toEqual({ templates: {}, css_names: [], variables: {} });
    expect(none.content).toEqual([]);
    const request = new sdk.Request();
    const item = sdk.defaultRequests.getDefaultRequestFor(sdk.WidgetDataType.HTML_BLOCK, 'rfkid_search_tips');
    item.setEntity('content');
    request.addWidgets([item.toJson()]);
    const answer = await search.post(request.toJson());
    expect(answer.json.widgets[0].errors[0]).toMatchObject({ type: 'invalid_context' });
  });
});
