/** What the forgot-password and reset forms show after a submission. */
export type ResetFormState =
  | { status: 'idle'; email: string }
  | { status: 'sent' | 'done'; email: string; message: string }
  | {
      status: 'refused';
      email: string;
      message: string;
      field: 'email' | 'password' | 'passwordConfirm' | 'code';
    };

export const INITIAL_RESET_STATE: ResetFormState = { status: 'idle', email: '' };
