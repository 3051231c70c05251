import type { Translate } from '../i18n/translator';
import type { LoginPromptTexts } from './login-prompt';

/** The login prompt's texts (a gated download, a heart): `messageKey` says why a login is needed. */
export function loginPromptTexts(t: Translate, messageKey = 'loginPrompt.message'): LoginPromptTexts {
  return {
    title: t('loginPrompt.title'),
    message: t(messageKey),
    login: t('loginPrompt.login'),
    close: t('loginPrompt.close'),
  };
}
