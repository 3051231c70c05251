/**
 * Questions and answers: a keyphrase is matched against the FAQs of the request's locale (the `faq`
 * content items, packages/dataset/data/faq.yaml). BM25 over the question (weighted most), the keywords
 * and the answer, with the language's analysis (stemming, stop words, accents) and one typo allowed in
 * words of five letters or more. The best match is the exact answer when it covers most of the
 * keyphrase; the others that match are the related questions.
 */

/** A FAQ as the loader writes it (packages/dataset/src/content-model.ts `FaqItem`). */
export interface Faq {
  id: string;
  question: string;
  answer: string;
  keywords: string;
  categories: string[];
}

/** Terms of a text in the FAQ's language (the search engine's analysis). */
export type Analyzer = (text: string) => string[];
/** The edit distance of two terms when at most `max`, else more (the engine's `boundedDistance`). */
export type Distance = (a: string, b: string, max: number) => number;

const FIELDS = [
  { name: 'question', weight: 3 },
  { name: 'keywords', weight: 2 },
  { name: 'answer', weight: 1 },
] as const;
type Field = (typeof FIELDS)[number]['name'];

const K1 = 1.2;
const B = 0.75;

/** The share of the keyphrase's weight the best question must cover (question and keywords) to be the answer. */
export const EXACT_ANSWER_COVERAGE = 0.5;

export interface Scored {
  faq: Faq;
  score: number;
  /** Share of the keyphrase's idf weight found in the question or keywords (0–1). */
  coverage: number;
  /** The query terms it matched (for highlighting). */
  matched: Set<string>;
}

/** The FAQs of one locale, indexed once per content generation. */
export class FaqIndex {
  private readonly terms: Map<Field, string[]>[];
  private readonly averageLength = new Map<Field, number>();
  private readonly documentFrequency = new Map<string, number>();
  private readonly vocabulary: string[];

  constructor(
    readonly faqs: Faq[],
    private readonly analyze: Analyzer,
    private readonly distance?: Distance,
  ) {
    this.terms = faqs.map((faq) => new Map(FIELDS.map((f) => [f.name, analyze(faq[f.name])])));
    for (const field of FIELDS) {
      const total = this.terms.reduce((sum, doc) => sum + (doc.get(field.name)?.length ?? 0), 0);
      this.averageLength.set(field.name, faqs.length ? total / faqs.length || 1 : 1);
    }
    for (const doc of this.terms) {
      for (const term of new Set([...doc.values()].flat())) {
        this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
      }
    }
    this.vocabulary = [...this.documentFrequency.keys()];
  }

  private idf(term: string): number {
    const n = this.documentFrequency.get(term) ?? 0;
    return Math.log(1 + (this.faqs.length - n + 0.5) / (n + 0.5));
  }

  /** A query term as the FAQs spell it: itself, else the closest known term within the typo allowance. */
  private resolve(term: string): string | null {
    if (this.documentFrequency.has(term)) return term;
    if (!this.distance || term.length < 5 || /\d/.test(term)) return null;
    const allowed = term.length >= 8 ? 2 : 1;
    let best: string | null = null;
    let bestDistance = allowed + 1;
    for (const known of this.vocabulary) {
      const d = this.distance(term, known, allowed);
      if (d < bestDistance || (d === bestDistance && best !== null && known < best)) {
        best = known;
        bestDistance = d;
      }
    }
    return bestDistance <= allowed ? best : null;
  }

  /** The FAQs matching a keyphrase, best first (ties in file order). */
  search(keyphrase: string): Scored[] {
    const query = [...new Set(this.analyze(keyphrase).map((t) => this.resolve(t)))].filter(
      (t): t is string => t !== null,
    );
    const unknown = new Set(this.analyze(keyphrase)).size - query.length;
    if (query.length === 0) return [];
    const queryWeight = query.reduce((sum, t) => sum + this.idf(t), 0) + Math.max(0, unknown) * Math.log(2);
    const results: Scored[] = [];
    this.terms.forEach((doc, i) => {
      let score = 0;
      let covered = 0;
      const matched = new Set<string>();
      for (const term of query) {
        const idf = this.idf(term);
        let inTitle = false;
        for (const field of FIELDS) {
          const terms = doc.get(field.name) ?? [];
          const tf = terms.filter((t) => t === term).length;
          if (tf === 0) continue;
          matched.add(term);
          if (field.name !== 'answer') inTitle = true;
          const norm = 1 - B + (B * terms.length) / (this.averageLength.get(field.name) ?? 1);
          score += field.weight * idf * ((tf * (K1 + 1)) / (tf + K1 * norm));
        }
        if (inTitle) covered += idf;
      }
      if (score > 0) {
        results.push({
          faq: this.faqs[i] as Faq,
          score,
          coverage: queryWeight > 0 ? covered / queryWeight : 0,
          matched,
        });
      }
    });
    return results.sort((a, b) => b.score - a.score);
  }
}

export interface QuestionsAnswer {
  /** The exact answer, when the best question covers the keyphrase. */
  answer: Scored | null;
  /** The other matching questions, best first (all FAQs in file order for an empty keyphrase). */
  related: Faq[];
}

export function answerQuestions(index: FaqIndex, keyphrase: string): QuestionsAnswer {
  if (keyphrase.trim() === '') return { answer: null, related: index.faqs };
  const results = index.search(keyphrase);
  const best = results[0];
  const answer = best && best.coverage >= EXACT_ANSWER_COVERAGE ? best : null;
  return { answer, related: results.filter((r) => r !== answer).map((r) => r.faq) };
}
