import { CONSENT_COOKIE } from './consent';

/** `document.documentElement.dataset` key (attribute `data-consent-chosen`) the guard sets. */
export const CONSENT_CHOSEN_DATASET_KEY = 'consentChosen';

/**
 * Runs while the page is parsed, before the first paint: marks `<html>` when the visitor has already
 * chosen, and global.css hides the server-rendered banner then. Pages are the same for every visitor
 * (cached), so the HTML always contains the banner; without this a returning visitor would see it flash
 * until React hydrates and reads the cookie.
 */
export const CONSENT_GUARD_SCRIPT = `if(/(?:^|;\\s*)${CONSENT_COOKIE}=(?:on|off)(?:;|$)/.test(document.cookie))document.documentElement.dataset.${CONSENT_CHOSEN_DATASET_KEY}=''`;
