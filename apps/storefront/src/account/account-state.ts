/**
 * What the account page's forms show after a submission (issue 22 item 16). Each form keeps what the user
 * typed after a refusal (passwords excepted), with a message per field and one for the whole form. A
 * success is a redirect to the page with `?saved=`, so the page shows the stored values.
 */

export interface ProfileValues {
  firstName: string;
  lastName: string;
  jobTitle: string;
  phone: string;
}

export interface AddressValues {
  addressName: string;
  companyName: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string;
}

export type PasswordField = 'currentPassword' | 'newPassword' | 'newPasswordConfirm';

export interface FormState<Values, Field extends string> {
  status: 'idle' | 'refused';
  values: Values;
  errors: Partial<Record<Field, string>>;
  /** About the whole form: the service refused or is down, the session ended. */
  message: string | null;
}

export type ProfileFormState = FormState<ProfileValues, keyof ProfileValues>;
export type AddressFormState = FormState<AddressValues, keyof AddressValues>;
export type PasswordFormState = FormState<Record<string, never>, PasswordField>;
export type DeleteFormState = FormState<Record<string, never>, never>;

export function initialState<Values, Field extends string>(values: Values): FormState<Values, Field> {
  return { status: 'idle', values, errors: {}, message: null };
}

/** What `?saved=` may name: the part of the page whose change succeeded. */
export const SAVED_PARTS = ['profile', 'addressAdded', 'addressSaved', 'addressDeleted', 'password'] as const;
export type SavedPart = (typeof SAVED_PARTS)[number];

export const EMPTY_ADDRESS: AddressValues = {
  addressName: '',
  companyName: '',
  street1: '',
  street2: '',
  city: '',
  state: '',
  zip: '',
  country: '',
  phone: '',
};
