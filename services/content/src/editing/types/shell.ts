import {
  type FooterItem,
  type HeaderItem,
  type MadeToOrderItem,
  NEWSLETTER_TEXT_KEYS,
  type NewsletterItem,
} from '@catalogue/dataset';
import { z } from 'zod';
import { defineType } from './definition';
import { link, text } from './fields';

/** The texts every page of a locale shows: none of these items can be unpublished. */

const headerSchema: z.ZodType<HeaderItem> = z.strictObject({
  topLinks: z.array(link).max(20),
  megaMenu: z
    .array(
      z.strictObject({
        category: link,
        viewAll: link,
        entries: z.array(link.extend({ children: z.array(link).max(100) })).max(100),
      }),
    )
    .max(50),
  searchPlaceholder: text(200),
  searchLabel: text(200),
});

export const headerType = defineType({
  type: 'header',
  description: "The header of a locale's pages: top links, the mega-menu and the search box's texts.",
  role: 'ContentEditor',
  locales: 'per-locale',
  fixedId: 'header',
  idOf: null,
  schema: headerSchema,
  unpublishable: false,
  translated: ['searchPlaceholder', 'searchLabel'],
});

const footerSchema: z.ZodType<FooterItem> = z.strictObject({
  columns: z.array(z.strictObject({ title: text(200), links: z.array(link).max(50) })).max(20),
  legalText: text(2000),
  copyright: text(300),
  socialLinks: z.array(link.extend({ network: text(50) })).max(20),
  contact: z.strictObject({ phone: text(50), email: text(254) }),
});

export const footerType = defineType({
  type: 'footer',
  description:
    "The footer of a locale's pages: link columns, legal text, copyright ({year} is filled in), social links, contact.",
  role: 'ContentEditor',
  locales: 'per-locale',
  fixedId: 'footer',
  idOf: null,
  schema: footerSchema,
  unpublishable: false,
  translated: ['legalText', 'copyright'],
});

const newsletterSchema = z.strictObject(
  Object.fromEntries(NEWSLETTER_TEXT_KEYS.map((key) => [key, text(2000)])) as Record<
    keyof NewsletterItem,
    ReturnType<typeof text>
  >,
) satisfies z.ZodType<NewsletterItem>;

export const newsletterType = defineType({
  type: 'newsletter',
  description: "The newsletter page's, sign-up answers' and confirmation mail's texts of a locale.",
  role: 'ContentEditor',
  locales: 'per-locale',
  fixedId: 'newsletter',
  idOf: null,
  schema: newsletterSchema,
  unpublishable: false,
  translated: NEWSLETTER_TEXT_KEYS.filter((key) => key !== 'alreadySubscribedMessage'),
});

const madeToOrderSchema: z.ZodType<MadeToOrderItem> = z.strictObject({
  badge: text(100),
  leadTime: text(500),
  leadWeeks: text(20),
  returnPolicy: text(1000),
  tooltip: text(1000),
});

export const madeToOrderType = defineType({
  type: 'made-to-order',
  description:
    'The made-to-order labels of a locale: badge, lead time (and weeks of its region), return policy, tooltip.',
  role: 'ContentEditor',
  locales: 'per-locale',
  fixedId: 'labels',
  idOf: null,
  schema: madeToOrderSchema,
  unpublishable: false,
  translated: ['badge', 'leadTime', 'returnPolicy', 'tooltip'],
});

/** UI phrases by key (`nav.products`); {placeholders} are filled in by the pages. */
const PHRASE_KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,199}$/;
const dictionarySchema = z.record(z.string(), text(5000)).superRefine((entries, context) => {
  const keys = Object.keys(entries);
  if (keys.length > 5000) context.addIssue({ code: 'custom', message: 'at most 5000 phrases' });
  for (const key of keys.filter((k) => !PHRASE_KEY.test(k)).slice(0, 20))
    context.addIssue({
      code: 'custom',
      path: [key],
      message: 'a phrase key: letters, digits, _ . - (at most 200)',
    });
});

export const dictionaryType = defineType({
  type: 'dictionary',
  description: "The storefront's UI phrases of a locale, by key. One item per locale, id 'ui'.",
  role: 'ContentEditor',
  locales: 'per-locale',
  fixedId: 'ui',
  idOf: null,
  schema: dictionarySchema,
  unpublishable: false,
  translated: 'every-key',
});
