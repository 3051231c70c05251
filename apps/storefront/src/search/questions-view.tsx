import type { PageQuestions } from './server-questions';

/**
 * The questions-and-answers widget, server-rendered (`server-questions.ts`): each question a native
 * disclosure, so it opens without JavaScript. Inside `.search-blocks` with its rfk_id, so the page-view
 * tracker sends the widget's view when it first appears, as for the content blocks.
 */
export function QuestionsAndAnswers({ questions, title }: { questions: PageQuestions; title: string }) {
  if (questions.items.length === 0) return null;
  return (
    <section className="questions search-blocks" aria-labelledby="questions-title">
      <div data-rfkid={questions.rfkId}>
        <h2 id="questions-title" className="section__title">
          {title}
        </h2>
        {questions.items.map((item) => (
          <details key={item.id} className="questions__item">
            <summary className="questions__question">{item.question}</summary>
            <p className="questions__answer">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
