import type { CategoryKind, FaqItem, RouteItem, SiteContent } from '@catalogue/dataset';
import { z } from 'zod';
import { defineType } from './definition';
import { categoryId, href, richText, robots, slug, text } from './fields';

const KINDS = ['page', 'category', 'productLine', 'family', 'subFamily', 'series', 'variantGroup'] as const;
type RouteKind = 'page' | CategoryKind;

const routeSchema: z.ZodType<RouteItem> = z
  .strictObject({
    path: z
      .string()
      .max(300)
      .regex(
        /^\/(?:[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9-]*)*)?$/,
        'a path such as / or /about (lowercase words and -)',
      ),
    kind: z.enum(KINDS satisfies readonly RouteKind[]),
    categoryId: categoryId.nullable(),
    title: text(200),
    intro: text(2000),
    MetaTitle: text(200),
    MetaDescription: text(1000),
    MetaTags: text(1000),
    MetaRobots: robots,
    MetaGooglebot: robots,
    sections: z
      .array(z.strictObject({ heading: text(200), paragraphs: z.array(text(5000)).max(50) }))
      .max(50),
    bodyHtml: richText().optional(),
  })
  .refine((route) => (route.kind === 'page') === (route.categoryId === null), {
    message: 'a page route has no categoryId; a category route has its category id',
    path: ['categoryId'],
  });

export const routeType = defineType({
  type: 'route',
  description:
    'A storefront page of a locale: title, intro, the CMS meta fields (MetaTitle, MetaDescription, MetaTags, MetaRobots, MetaGooglebot), body sections and an optional rich-text body. The id is the path without the locale prefix.',
  role: 'ContentEditor',
  locales: 'per-locale',
  fixedId: null,
  idOf: (route) => route.path,
  schema: routeSchema,
  unpublishable: true,
  translated: ['title', 'intro', 'MetaTitle', 'MetaDescription'],
});

const siteSchema: z.ZodType<SiteContent> = z.strictObject({
  name: text(200),
  footerColumns: z
    .array(
      z.strictObject({
        titleKey: text(200),
        links: z.array(z.strictObject({ labelKey: text(200), href })).max(50),
      }),
    )
    .max(20),
});

export const siteType = defineType({
  type: 'site',
  description:
    "The site's name in a locale (logo, footer, page titles) and the footer's link columns by dictionary key.",
  role: 'ContentEditor',
  locales: 'per-locale',
  fixedId: 'site',
  idOf: null,
  schema: siteSchema,
  unpublishable: false,
  translated: ['name'],
});

const categoryMarketingSchema = z.strictObject({
  Name: text(300),
  Message: text(2000),
  Bullets: z.array(text(500)).max(30),
});

export const categoryMarketingType = defineType({
  type: 'category-marketing',
  description:
    "A category's marketing in a locale: name, message and bullets (family pages). The id is the category id.",
  role: 'ContentEditor',
  locales: 'per-locale',
  fixedId: null,
  idOf: null,
  schema: categoryMarketingSchema,
  unpublishable: true,
  translated: ['Name', 'Message'],
});

const faqSchema: z.ZodType<FaqItem> = z.strictObject({
  id: slug,
  question: text(500),
  answer: text(5000),
  keywords: text(1000),
  categories: z.array(categoryId).max(50),
});

export const faqType = defineType({
  type: 'faq',
  description:
    "A question and its answer in a locale, for the search service's questions widget. The id is the question's id.",
  role: 'ContentEditor',
  locales: 'per-locale',
  fixedId: null,
  idOf: (faq) => faq.id,
  schema: faqSchema,
  unpublishable: true,
  translated: ['question', 'answer'],
});
