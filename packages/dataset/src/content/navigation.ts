import type { FooterItem, HeaderItem, MadeToOrderItem, NewsletterItem } from '../content-model';
import { NEWSLETTER_TEXT_KEYS } from '../content-model';
import { dictionaryOf } from '../model';
import type { CatalogueIndex } from './catalogue-index';
import type { LocaleContext } from './locale-context';
import { fillIn, textIn } from './text';

/** The header of a locale: top links, the mega-menu of the categories sold in its region, search texts. */
export function headerItem(context: LocaleContext, index: CatalogueIndex): HeaderItem {
  const { dataset, locale, language, values } = context;
  const texts = dataset.content.texts.header;
  const link = (category: Parameters<CatalogueIndex['path']>[0]) => ({
    label: category.name[language],
    href: index.path(category),
  });
  return {
    topLinks: texts.topLinks.map((l) => ({ label: textIn(l.label, locale), href: l.href })),
    megaMenu: index.childrenIn(null, locale.region).map((top) => ({
      category: link(top),
      viewAll: {
        label: fillIn(textIn(texts.viewAll, locale), { ...values, name: top.name[language] }),
        href: index.path(top),
      },
      entries: index.childrenIn(top.id, locale.region).map((line) => ({
        ...link(line),
        children: index.childrenIn(line.id, locale.region).map(link),
      })),
    })),
    searchPlaceholder: textIn(texts.searchPlaceholder, locale),
    searchLabel: textIn(texts.searchLabel, locale),
  };
}

/** The footer: the link columns of site.yaml with the dictionary's labels, legal text, social links. */
export function footerItem(context: LocaleContext): FooterItem {
  const { dataset, locale, values } = context;
  const texts = dataset.content.texts.footer;
  const dictionary = dictionaryOf(dataset, locale);
  const label = (key: string) => {
    const value = dictionary[key];
    if (value === undefined) throw new Error(`site.yaml uses dictionary key ${key}, which is missing`);
    return value;
  };
  return {
    columns: dataset.site.footerColumns.map((column) => ({
      title: label(column.titleKey),
      links: column.links.map((l) => ({ label: label(l.labelKey), href: l.href })),
    })),
    legalText: fillIn(textIn(texts.legalText, locale), values),
    copyright: fillIn(textIn(texts.copyright, locale), values),
    socialLinks: texts.socialLinks.map((l) => ({
      network: l.network,
      label: textIn(l.label, locale),
      href: l.href,
    })),
    contact: dataset.content.contacts[locale.region],
  };
}

export function newsletterItem(context: LocaleContext): NewsletterItem {
  const texts = context.dataset.content.texts.newsletter;
  return Object.fromEntries(
    NEWSLETTER_TEXT_KEYS.map((key) => [key, fillIn(textIn(texts[key], context.locale), context.values)]),
  ) as NewsletterItem;
}

export function madeToOrderItem(context: LocaleContext): MadeToOrderItem {
  const { locale, values } = context;
  const texts = context.dataset.content.texts.madeToOrder;
  const weeks = texts.leadWeeks[locale.region];
  return {
    badge: textIn(texts.badge, locale),
    leadTime: fillIn(textIn(texts.leadTime, locale), { ...values, weeks }),
    leadWeeks: weeks,
    returnPolicy: textIn(texts.returnPolicy, locale),
    tooltip: textIn(texts.tooltip, locale),
  };
}
