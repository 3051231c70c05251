import type { LoginPromptTexts } from '../auth/login-prompt';
import { loginPromptTexts } from '../auth/login-prompt-texts';
import type { Translate } from '../i18n/translator';

/** The texts every heart of a page shares (built once on the server, passed to each heart). */
export interface FavouriteHeartTexts {
  /** Tooltip while not a favourite. */
  add: string;
  /** Tooltip while a favourite. */
  remove: string;
  /** Shown (role=alert) when a change fails. */
  error: string;
  /** The login prompt a visitor gets. */
  prompt: LoginPromptTexts;
}

export function favouriteHeartTexts(t: Translate): FavouriteHeartTexts {
  return {
    add: t('product.addToFavourites'),
    remove: t('favourites.removeTooltip'),
    error: t('favourites.error'),
    prompt: loginPromptTexts(t, 'favourites.loginMessage'),
  };
}
