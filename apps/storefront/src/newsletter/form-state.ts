/** What the newsletter form shows after a submission: nothing yet, the success message, or a refusal. */
export type NewsletterFormState =
  | { status: 'idle'; email: string }
  | { status: 'subscribed'; email: string; message: string }
  | { status: 'refused'; email: string; message: string };

export const INITIAL_NEWSLETTER_STATE: NewsletterFormState = { status: 'idle', email: '' };
