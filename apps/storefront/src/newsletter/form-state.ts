/**
 * What the newsletter form shows after a submission: nothing yet, that the confirmation link is on its way
 * (the same answer whether or not the address was subscribed already), or a refusal.
 */
export type NewsletterFormState =
  | { status: 'idle'; email: string }
  | { status: 'pending'; email: string; message: string }
  | { status: 'refused'; email: string; message: string };

export const INITIAL_NEWSLETTER_STATE: NewsletterFormState = { status: 'idle', email: '' };

/** What the confirmation page shows after its button: confirmed, or a refusal (unknown or lapsed link). */
export type ConfirmationState =
  | { status: 'idle' }
  | { status: 'confirmed'; message: string }
  | { status: 'refused'; message: string };

export const INITIAL_CONFIRMATION_STATE: ConfirmationState = { status: 'idle' };
