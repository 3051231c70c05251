import { answerWidget } from '../questions/widget';
import type { WidgetDefinition } from './registry';

/** Questions and answers (rfkid_qa) from the FAQ content (services/search/src/questions). */
export const widget: WidgetDefinition = { type: 'questions_answers', handle: answerWidget };
