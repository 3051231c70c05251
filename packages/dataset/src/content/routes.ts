import type { RegionalText, RouteItem } from '../content-model';
import type { CatalogueIndex } from './catalogue-index';
import type { LocaleContext } from './locale-context';
import { fillIn, textIn } from './text';

/**
 * One route item per storefront route of a locale: the static pages of content.yaml and every category
 * path of the catalogue sold in the locale's region (levels 1 to 6), with the CMS meta fields (spec §2).
 */
export function routeItems(context: LocaleContext, index: CatalogueIndex): RouteItem[] {
  const { dataset, locale, language, values } = context;
  const texts = dataset.content.texts;
  const text = (t: RegionalText, extra: Record<string, string> = {}) =>
    fillIn(textIn(t, locale), { ...values, ...extra });
  const meta = (indexable: boolean) => ({
    MetaRobots: indexable ? texts.meta.robots.index : texts.meta.robots.noindex,
    MetaGooglebot: indexable ? texts.meta.googlebot.index : texts.meta.googlebot.noindex,
  });

  const pages = texts.routes.map((route): RouteItem => {
    const title = text(route.title);
    return {
      path: route.path,
      kind: 'page',
      categoryId: null,
      title,
      intro: text(route.intro),
      MetaTitle: text(texts.meta.titleTemplate, { title }),
      MetaDescription: text(route.metaDescription),
      MetaTags: text(route.keywords),
      ...meta(route.index),
      sections: route.sections.map((section) => ({
        heading: text(section.heading),
        paragraphs: section.paragraphs.map((paragraph) => text(paragraph)),
      })),
    };
  });

  const categories = dataset.categories
    .filter((category) => category.regions.includes(locale.region))
    .map((category): RouteItem => {
      const name = category.name[language];
      const description = category.description[language];
      const chain = index.ancestry(category).map((c) => c.name[language]);
      return {
        path: index.path(category),
        kind: category.kind,
        categoryId: category.id,
        title: name,
        intro: description,
        MetaTitle: text(texts.meta.titleTemplate, { title: name }),
        MetaDescription: category.marketing
          ? `${description} ${category.marketing.message[language]}`
          : text(texts.categoryRoutes.description, { name, description }),
        MetaTags: [...chain.reverse(), text(texts.categoryRoutes.productsLabel)].join(', '),
        ...meta(true),
        sections: [],
      };
    });

  return [...pages, ...categories].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
