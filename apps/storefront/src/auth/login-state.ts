/** What the login form shows after a submission: nothing yet, or a refusal with what was typed kept. */
export type LoginFormState =
  | { status: 'idle'; username: string }
  | { status: 'refused'; username: string; message: string };

export const INITIAL_LOGIN_STATE: LoginFormState = { status: 'idle', username: '' };
