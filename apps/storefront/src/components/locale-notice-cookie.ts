/** Set for a minute when the locale menu landed on another page than the one asked for (`LocaleNotice`). */
export const LOCALE_NOTICE_COOKIE = 'localeNotice';
