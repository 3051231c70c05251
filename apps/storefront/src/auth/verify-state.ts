/** What the confirmation and new-link forms of `/verify-email` show after a submission. */
export type VerifyFormState =
  | { status: 'idle' }
  | { status: 'done'; message: string; login: boolean }
  | { status: 'sent'; message: string }
  | { status: 'refused'; message: string; register: boolean; email?: string };

export const INITIAL_VERIFY_STATE: VerifyFormState = { status: 'idle' };
