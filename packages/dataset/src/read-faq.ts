import type { FaqData } from './content-model';
import { type DataNode, requireUnique } from './data-node';
import { regionalText } from './read-content';

const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const PLACEHOLDERS = new Set(['siteName', 'region', 'phone', 'email', 'weeks']);

/** Fails on a `{placeholder}` the loader cannot fill, so a typo never reaches a visitor. */
function checkPlaceholders(node: DataNode, text: Record<string, string | undefined>): void {
  for (const [key, value] of Object.entries(text)) {
    for (const match of (value ?? '').matchAll(/\{(\w+)\}/g)) {
      if (!PLACEHOLDERS.has(match[1] as string))
        node.get(key).fail(`unknown placeholder {${match[1]}} (known: ${[...PLACEHOLDERS].join(', ')})`);
    }
  }
}

/** faq.yaml: the questions and answers of the search service's questions widget (see the file's header). */
export function readFaqs(root: DataNode, topCategorySlugs: readonly string[]): FaqData[] {
  root.only(['faqs']);
  const nodes = root.get('faqs').nonEmptyList();
  requireUnique(nodes, (n) => n.get('id').string(), 'faq id');
  return nodes.map((node) => {
    node.only(['id', 'categories', 'question', 'answer', 'keywords']);
    const categories = node
      .get('categories')
      .list()
      .map((slug) => {
        const value = slug.string();
        if (!topCategorySlugs.includes(value))
          slug.fail(`'${value}' is not a top-level category of the taxonomy`);
        return value;
      });
    const faq: FaqData = {
      id: node.get('id').matching(ID, 'a lowercase id'),
      categories,
      question: regionalText(node.get('question')),
      answer: regionalText(node.get('answer')),
      keywords: regionalText(node.get('keywords')),
    };
    checkPlaceholders(node.get('question'), faq.question);
    checkPlaceholders(node.get('answer'), faq.answer);
    return faq;
  });
}
