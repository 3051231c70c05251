import { describe, expect, it } from 'vitest';
import { questionsOf } from './server-questions';

describe('questions and answers of a page', () => {
  it('shows the exact answer first, then the related questions, each once, skipping empty ones', () => {
    const fill = { document_id: 'conduit-fill', question: 'How full may I fill a conduit?', answer: '40 %.' };
    const bend = { document_id: 'conduit-bend', question: 'How many bends?', answer: '360° at most.' };
    expect(
      questionsOf({
        answer: fill,
        related_questions: [fill, bend, { document_id: 'blank', question: '', answer: 'x' }],
      }),
    ).toEqual([
      { id: 'conduit-fill', question: 'How full may I fill a conduit?', answer: '40 %.' },
      { id: 'conduit-bend', question: 'How many bends?', answer: '360° at most.' },
    ]);
    expect(questionsOf({ related_questions: [] })).toEqual([]);
    expect(questionsOf(undefined)).toEqual([]);
  });
});
