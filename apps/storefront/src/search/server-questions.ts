import type { LocaleCode } from '@catalogue/dataset/model';
import { cacheTags } from '../caching/cache-tags';
import { tagPage } from '../caching/page-tags';
import { RFK_ID, searchLocaleOf, WIDGET_DEFAULTS } from './config';
import { discover } from './server-blocks';

/**
 * The questions-and-answers widget of product and family pages (spec §1, §3: a questions request with a
 * related-questions limit, §9: 5), asked of the search service in-process while the page renders: its
 * answer depends on the page and locale only, so it belongs in the cached page and costs the browser no
 * JavaScript. The page is tagged with the FAQ content type, so an edited question renders it again.
 */

/** The content type of the FAQs the search service answers from (packages/dataset: faq.yaml). */
const FAQ_CONTENT_TYPE = 'faq';

export interface QuestionAnswer {
  id: string;
  question: string;
  answer: string;
}

export interface PageQuestions {
  rfkId: string;
  items: QuestionAnswer[];
}

function questionOf(value: unknown): QuestionAnswer | null {
  if (typeof value !== 'object' || value === null) return null;
  const { document_id: id, question, answer } = value as Record<string, unknown>;
  if (typeof question !== 'string' || typeof answer !== 'string' || !question || !answer) return null;
  return { id: typeof id === 'string' ? id : question, question, answer };
}

/** The exact answer first, then the related questions, each once. Pure. */
export function questionsOf(widget: { answer?: unknown; related_questions?: unknown } | undefined) {
  if (!widget) return [];
  const related = Array.isArray(widget.related_questions) ? widget.related_questions : [];
  const all = [widget.answer, ...related].map(questionOf).filter((q): q is QuestionAnswer => q !== null);
  return all.filter((q, index) => all.findIndex((other) => other.id === q.id) === index);
}

/**
 * The questions for a page: those of the first keyphrase (most specific first: the page's category
 * name, then each level up to its range's) that the FAQs answer; none when no keyphrase matches or the
 * service is unavailable.
 */
export async function pageQuestions(
  locale: LocaleCode,
  pageUri: string,
  keyphrases: readonly string[],
): Promise<PageQuestions> {
  await tagPage([cacheTags.contentType(FAQ_CONTENT_TYPE)]);
  const context = { page: { uri: pageUri }, locale: searchLocaleOf(locale) };
  try {
    for (const keyphrase of keyphrases) {
      if (!keyphrase.trim()) continue;
      const [widget] = await discover({
        context,
        widget: {
          items: [
            {
              entity: 'content',
              rfk_id: RFK_ID.questions,
              questions: {
                keyphrase,
                related_questions: { limit: WIDGET_DEFAULTS.relatedQuestionsLimit, offset: 0 },
              },
            },
          ],
        },
      });
      const items = questionsOf(widget as { answer?: unknown; related_questions?: unknown } | undefined);
      if (items.length > 0) return { rfkId: RFK_ID.questions, items };
    }
  } catch (error) {
    console.error(`[search] questions of ${pageUri} unavailable:`, error);
  }
  return { rfkId: RFK_ID.questions, items: [] };
}
