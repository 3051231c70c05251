import { describe, expect, it } from 'vitest';
import { answerQuestions, type Faq, FaqIndex } from './match';

// A plain analyzer for the unit test: lowercase words without a few stop words, plural s dropped.
const STOP = new Set(['how', 'do', 'i', 'a', 'the', 'of', 'for', 'can', 'what', 'is', 'my', 'to', 'in']);
const analyze = (text: string) =>
  (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !STOP.has(w)).map((w) => w.replace(/s$/, ''));
// Edit distance with swaps of neighbours counting one (as the engine's boundedDistance).
const distance = (a: string, b: string, max: number) => {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => i + j),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      row[j] = Math.min(
        (up[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (up[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return Math.min((d[a.length] as number[])[b.length] as number, max + 1);
};

const faqs: Faq[] = [
  {
    id: 'fill',
    question: 'How full may I fill a conduit?',
    answer: 'Up to 40 percent for three or more conductors.',
    keywords: 'conduit fill wires',
    categories: ['conduit-fittings'],
  },
  {
    id: 'strut',
    question: 'How much load can a strut channel carry?',
    answer: 'See the load tables of the spec sheet.',
    keywords: 'strut load span',
    categories: ['strut-framing'],
  },
  {
    id: 'bim',
    question: 'Where can I download BIM files?',
    answer: 'From the product page, logged in; spec sheets are there too.',
    keywords: 'revit ifc',
    categories: [],
  },
];

describe('questions and answers', () => {
  const index = new FaqIndex(faqs, analyze, distance);

  it('answers the best question exactly and lists the other matches as related', () => {
    const result = answerQuestions(index, 'strut channel load');
    expect(result.answer?.faq.id).toBe('strut');
    expect(result.related.map((f) => f.id)).toEqual([]);
    const sheets = answerQuestions(index, 'spec sheets');
    // Found only in answers: related questions, no exact answer.
    expect(sheets.answer).toBeNull();
    expect(sheets.related.map((f) => f.id).sort()).toEqual(['bim', 'strut']);
  });

  it('tolerates a typo in a long word and ignores unknown words', () => {
    expect(answerQuestions(index, 'condiut fill').answer?.faq.id).toBe('fill');
    expect(answerQuestions(index, 'zebra crossing')).toEqual({ answer: null, related: [] });
  });

  it('lists every question for an empty keyphrase', () => {
    expect(answerQuestions(index, '  ').related.map((f) => f.id)).toEqual(['fill', 'strut', 'bim']);
  });
});
