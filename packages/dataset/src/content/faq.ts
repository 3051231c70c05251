import type { FaqItem } from '../content-model';
import type { LocaleContext } from './locale-context';
import { fillIn, textIn } from './text';

/** The questions of faq.yaml in the locale's wording, with {weeks} the region's made-to-order lead time. */
export function faqItems(context: LocaleContext): FaqItem[] {
  const { dataset, locale } = context;
  const values = {
    ...context.values,
    weeks: dataset.content.texts.madeToOrder.leadWeeks[locale.region],
  };
  return dataset.content.faqs.map((faq) => ({
    id: faq.id,
    question: fillIn(textIn(faq.question, locale), values),
    answer: fillIn(textIn(faq.answer, locale), values),
    keywords: textIn(faq.keywords, locale),
    categories: faq.categories,
  }));
}
