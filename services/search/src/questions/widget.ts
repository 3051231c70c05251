import { type Database, queryRows } from '@catalogue/db';
import { sql } from 'drizzle-orm';
import { analyze, boundedDistance, type Language } from '../engine/analysis';
import { escapeHtml, highlight } from '../search/highlight';
import { WidgetError } from '../search/run-search';
import type { WidgetContext } from '../widgets/registry';
import type { WidgetItem } from '../wire/request';
import type { Answer, WidgetResponse } from '../wire/response';
import { answerQuestions, type Faq, FaqIndex, type Scored } from './match';

/** The content item type of the FAQs (packages/dataset: faq.yaml → `faq` items per locale). */
export const FAQ_CONTENT_TYPE = 'faq';
/** Related questions answered when the request does not say (spec §9). */
export const DEFAULT_RELATED_LIMIT = 5;
const MAX_RELATED_LIMIT = 100;

/**
 * The FAQ index of each locale, kept while the content generation (`cache_generations('content')`,
 * moved on at the commit of every change to content_items) is the same: one primary-key read per request.
 */
class FaqIndexes {
  private readonly byLocale = new Map<string, { generation: number; index: Promise<FaqIndex> }>();

  constructor(private readonly database: Database) {}

  async get(locale: string, language: Language): Promise<FaqIndex> {
    const [row] = await queryRows<{ generation: string | number }>(
      this.database.db,
      sql`select generation from cache_generations where name = 'content'`,
    );
    const generation = Number(row?.generation ?? 0);
    const cached = this.byLocale.get(locale);
    if (cached && cached.generation === generation) return cached.index;
    const index = (async () => {
      const rows = await queryRows<{ data: Partial<Faq> }>(
        this.database.db,
        sql`select data from content_items where type = ${FAQ_CONTENT_TYPE} and locale = ${locale} order by id`,
      );
      const faqs = rows
        .map((r) => r.data)
        .filter(
          (f): f is Faq =>
            typeof f.id === 'string' && typeof f.question === 'string' && typeof f.answer === 'string',
        )
        .map((f) => ({ ...f, keywords: f.keywords ?? '', categories: f.categories ?? [] }));
      return new FaqIndex(faqs, (text) => analyze(text, language).map((w) => w.term), boundedDistance);
    })();
    this.byLocale.set(locale, { generation, index });
    index.catch(() => this.byLocale.delete(locale));
    return index;
  }
}

const indexes = new WeakMap<Database, FaqIndexes>();

function toAnswer(faq: Faq, locale: string, scored?: Scored, language?: Language): Answer {
  const marked =
    scored && language
      ? highlight(faq.answer, scored.matched, language, { preTag: '<em>', postTag: '</em>' })
      : null;
  return {
    question: faq.question,
    answer: faq.answer,
    context: faq.answer,
    document_id: faq.id,
    highlight: marked ?? escapeHtml(faq.answer),
    extra_fields: { categories: faq.categories, locale },
    type: 'faq',
  };
}

/**
 * Answers a `questions_answers` widget (rfkid_qa): `questions.keyphrase` matched against the FAQs of the
 * request's locale — the best match as `answer` when it covers the keyphrase, the other matches as
 * `related_questions` (`related_questions.limit`, default 5, and `offset`); `total_item` counts them all.
 */
export async function answerWidget(item: WidgetItem, ctx: WidgetContext): Promise<WidgetResponse> {
  const questions = item.questions ?? {};
  const keyphrase = questions.keyphrase ?? '';
  const limit = questions.related_questions?.limit ?? DEFAULT_RELATED_LIMIT;
  const offset = questions.related_questions?.offset ?? 0;
  if (limit > MAX_RELATED_LIMIT) {
    throw new WidgetError(400, 'invalid_limit', `related_questions.limit is at most ${MAX_RELATED_LIMIT}.`);
  }
  let faqIndexes = indexes.get(ctx.database);
  if (!faqIndexes) {
    faqIndexes = new FaqIndexes(ctx.database);
    indexes.set(ctx.database, faqIndexes);
  }
  const index = await faqIndexes.get(ctx.locale.code, ctx.locale.language);
  const { answer, related } = answerQuestions(index, keyphrase);
  return {
    rfk_id: item.rfk_id,
    type: 'questions_answers',
    entity: item.entity,
    ...(answer ? { answer: toAnswer(answer.faq, ctx.locale.code, answer, ctx.locale.language) } : {}),
    related_questions: related.slice(offset, offset + limit).map((faq) => toAnswer(faq, ctx.locale.code)),
    total_item: related.length,
    limit,
    offset,
    content: [],
  };
}
