/**
 * What a quote form shows after a submission (no server code here: the client forms import it). A
 * refusal keeps what was typed, with a message per field and one for the form; `key` is the form's
 * idempotency key for the next submission (`action-key.ts`). A success redirects to the quote.
 */
export interface QuoteFormState {
  status: 'idle' | 'refused';
  key: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  message: string | null;
  /** The quote changed under the page: the message offers a reload. */
  reload: boolean;
}

export function initialQuoteFormState(key: string, values: Record<string, string> = {}): QuoteFormState {
  return { status: 'idle', key, values, errors: {}, message: null, reload: false };
}

/** What `?done=` may name: the action that just succeeded. */
export const DONE_ACTIONS = ['accepted', 'declined', 'changes', 'message'] as const;
export type DoneAction = (typeof DONE_ACTIONS)[number];
