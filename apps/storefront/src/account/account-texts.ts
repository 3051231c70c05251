import type { Translate } from '../i18n/translator';

/** The account forms' texts (`account.*`, with the registration form's where they are the same). */
export interface AccountFormTexts {
  firstName: string;
  lastName: string;
  role: string;
  roleHint: string;
  roleVerified: string;
  phone: string;
  email: string;
  saveProfile: string;
  checkFields: string;
  addressName: string;
  addressNameHint: string;
  company: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  currentPassword: string;
  newPassword: string;
  passwordHint: string;
  newPasswordConfirm: string;
  changePassword: string;
}

export function accountFormTexts(t: Translate): AccountFormTexts {
  return {
    firstName: t('register.firstName'),
    lastName: t('register.lastName'),
    role: t('account.profile.role'),
    roleHint: t('register.jobTitleHint'),
    roleVerified: t('account.profile.roleVerified'),
    phone: t('account.phone'),
    email: t('register.email'),
    saveProfile: t('account.profile.save'),
    checkFields: t('account.checkFields'),
    addressName: t('account.address.name'),
    addressNameHint: t('account.address.nameHint'),
    company: t('register.company'),
    street1: t('account.address.street1'),
    street2: t('account.address.street2'),
    city: t('account.address.city'),
    state: t('account.address.state'),
    zip: t('account.address.zip'),
    country: t('account.address.country'),
    currentPassword: t('account.password.current'),
    newPassword: t('account.password.new'),
    passwordHint: t('register.passwordHint'),
    newPasswordConfirm: t('account.password.confirm'),
    changePassword: t('account.password.submit'),
  };
}
