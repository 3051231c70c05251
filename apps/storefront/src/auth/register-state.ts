/** The fields of the registration form, as typed (passwords are never sent back). */
export interface RegisterValues {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  jobTitle: string;
  username: string;
}

export type RegisterField = keyof RegisterValues | 'password' | 'passwordConfirm' | 'terms';

export interface RegisterFormState {
  /** `sent`: the registration was accepted; the mail to the address says what comes next. */
  status: 'idle' | 'refused' | 'sent';
  values: RegisterValues;
  /** Whether the terms box was ticked: shown ticked again after a refusal. */
  termsAccepted: boolean;
  /** A message per field that needs attention. */
  errors: Partial<Record<RegisterField, string>>;
  /** A message about the whole form (too many attempts, service down), or what happens next once sent. */
  message: string | null;
}

export const INITIAL_REGISTER_STATE: RegisterFormState = {
  status: 'idle',
  values: { firstName: '', lastName: '', email: '', company: '', jobTitle: '', username: '' },
  termsAccepted: false,
  errors: {},
  message: null,
};
