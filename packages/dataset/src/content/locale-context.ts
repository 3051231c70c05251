import type { Dataset, Language, LocaleInfo } from '../model';

/** What every content builder needs to know about the locale it writes for. */
export interface LocaleContext {
  dataset: Dataset;
  locale: LocaleInfo;
  language: Language;
  /** Placeholder values shared by all texts of the locale: {siteName}, {region}, {phone}, {email}. */
  values: Record<string, string>;
}

export function localeContext(dataset: Dataset, locale: LocaleInfo): LocaleContext {
  const region = dataset.regions.find((r) => r.code === locale.region);
  if (!region) throw new Error(`Locale ${locale.code} has unknown region ${locale.region}`);
  const contact = dataset.content.contacts[locale.region];
  return {
    dataset,
    locale,
    language: locale.language,
    values: {
      siteName: dataset.site.name,
      region: region.name[locale.language],
      phone: contact.phone,
      email: contact.email,
    },
  };
}
