import type { ContentTexts, NewsletterTextKey, RegionalText, StaticRouteData } from './content-model';
import { NEWSLETTER_TEXT_KEYS } from './content-model';
import { type DataNode, requireUnique } from './data-node';
import { LANGUAGES, LOCALE_CODES, REGIONS, type Region } from './model';
import { readCalculator } from './read-calculators';

const SITE_PATH = /^\/([a-z0-9-]+(\/[a-z0-9-]+)*)?$/;
const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A text in en/fr/de/nl plus optional locale-code keys (`en-US`) whose language matches the code. */
export function regionalText(node: DataNode): RegionalText {
  if (typeof node.value !== 'object' || node.value === null || Array.isArray(node.value))
    node.fail(node.present ? 'expected en/fr/de/nl texts' : 'missing');
  node.only([...LANGUAGES, ...LOCALE_CODES]);
  const text = {} as RegionalText;
  for (const language of LANGUAGES) {
    const entry = node.get(language);
    if (!entry.present) node.fail(`missing '${language}' translation`);
    text[language] = entry.string().trim();
  }
  for (const code of LOCALE_CODES) {
    const override = node.optional(code);
    if (override) text[code] = override.string().trim();
  }
  return text;
}

function texts<K extends string>(node: DataNode, keys: readonly K[]): Record<K, RegionalText> {
  node.only(keys);
  return Object.fromEntries(keys.map((k) => [k, regionalText(node.get(k))])) as Record<K, RegionalText>;
}

function readMadeToOrder(node: DataNode): ContentTexts['madeToOrder'] {
  const keys = ['badge', 'leadTime', 'returnPolicy', 'tooltip'] as const;
  node.only([...keys, 'leadWeeks']);
  const weeks = node.get('leadWeeks').only(REGIONS);
  const leadWeeks = {} as Record<Region, string>;
  for (const region of REGIONS)
    leadWeeks[region] = weeks.get(region).matching(/^\d+(–\d+)?$/, 'weeks, e.g. 4–6');
  return {
    ...(Object.fromEntries(keys.map((k) => [k, regionalText(node.get(k))])) as Record<
      (typeof keys)[number],
      RegionalText
    >),
    leadWeeks,
  };
}

function readRoute(node: DataNode): StaticRouteData {
  node.only(['path', 'index', 'title', 'intro', 'metaDescription', 'keywords', 'sections']);
  return {
    path: node.get('path').matching(SITE_PATH, 'a site path'),
    index: node.get('index').boolean(),
    title: regionalText(node.get('title')),
    intro: regionalText(node.get('intro')),
    metaDescription: regionalText(node.get('metaDescription')),
    keywords: regionalText(node.get('keywords')),
    sections: (node.optional('sections')?.nonEmptyList() ?? []).map((section) => {
      section.only(['heading', 'paragraphs']);
      return {
        heading: regionalText(section.get('heading')),
        paragraphs: section.get('paragraphs').nonEmptyList().map(regionalText),
      };
    }),
  };
}

/** content.yaml: the texts of the content service (see the file's header). */
export function readContent(root: DataNode, topCategorySlugs: readonly string[]): ContentTexts {
  root.only([
    'meta',
    'routes',
    'categoryRoutes',
    'header',
    'footer',
    'newsletter',
    'tabs',
    'specTable',
    'calculators',
    'bimFilters',
    'madeToOrder',
    'productMarketing',
  ]);
  const meta = root.get('meta').only(['titleTemplate', 'robots', 'googlebot']);
  const pair = (node: DataNode) => {
    node.only(['index', 'noindex']);
    return { index: node.get('index').string(), noindex: node.get('noindex').string() };
  };
  const routeNodes = root.get('routes').nonEmptyList();
  requireUnique(routeNodes, (n) => n.get('path').string(), 'route path');
  const header = root.get('header').only(['topLinks', 'searchPlaceholder', 'searchLabel', 'viewAll']);
  const footer = root.get('footer').only(['legalText', 'copyright', 'socialLinks']);
  const tabNodes = root.get('tabs').nonEmptyList();
  requireUnique(tabNodes, (n) => n.get('id').string(), 'tab id');
  const specTable = root.get('specTable').only(['title', 'columns', 'rows', 'none']);
  const calculatorNodes = root.get('calculators').nonEmptyList();
  requireUnique(calculatorNodes, (n) => n.get('id').string(), 'calculator id');
  const calculators = calculatorNodes.map(readCalculator);
  calculators.forEach((calculator, i) => {
    for (const slug of calculator.categories) {
      if (!topCategorySlugs.includes(slug))
        calculatorNodes[i]?.get('categories').fail(`'${slug}' is not a top-level category of the taxonomy`);
    }
  });
  const bim = root.get('bimFilters').only(['format', 'category', 'certification']);
  const format = bim.get('format').only(['label', 'options']);
  return {
    meta: {
      titleTemplate: regionalText(meta.get('titleTemplate')),
      robots: pair(meta.get('robots')),
      googlebot: pair(meta.get('googlebot')),
    },
    routes: routeNodes.map(readRoute),
    categoryRoutes: texts(root.get('categoryRoutes'), ['productsLabel', 'description'] as const),
    header: {
      topLinks: header
        .get('topLinks')
        .nonEmptyList()
        .map((link) => {
          link.only(['href', 'label']);
          return {
            href: link.get('href').matching(SITE_PATH, 'a site path'),
            label: regionalText(link.get('label')),
          };
        }),
      searchPlaceholder: regionalText(header.get('searchPlaceholder')),
      searchLabel: regionalText(header.get('searchLabel')),
      viewAll: regionalText(header.get('viewAll')),
    },
    footer: {
      legalText: regionalText(footer.get('legalText')),
      copyright: regionalText(footer.get('copyright')),
      socialLinks: footer
        .get('socialLinks')
        .nonEmptyList()
        .map((link) => {
          link.only(['network', 'href', 'label']);
          return {
            network: link.get('network').matching(ID, 'a lowercase network name'),
            href: link.get('href').matching(/^https:\/\/\S+$/, 'an https URL'),
            label: regionalText(link.get('label')),
          };
        }),
    },
    newsletter: texts(root.get('newsletter'), NEWSLETTER_TEXT_KEYS) as Record<
      NewsletterTextKey,
      RegionalText
    >,
    tabs: tabNodes.map((tab) => {
      tab.only(['id', 'when', 'label']);
      const when = tab.optional('when');
      return {
        id: tab.get('id').matching(ID, 'a lowercase id'),
        when: when ? when.oneOf(['calculator'] as const) : null,
        label: regionalText(tab.get('label')),
      };
    }),
    specTable: {
      title: regionalText(specTable.get('title')),
      columns: texts(specTable.get('columns'), ['property', 'value'] as const),
      rows: texts(specTable.get('rows'), [
        'products',
        'lengths',
        'packaging',
        'weight',
        'madeToOrder',
      ] as const),
      none: regionalText(specTable.get('none')),
    },
    calculators,
    bimFilters: {
      format: {
        label: regionalText(format.get('label')),
        options: texts(format.get('options'), ['rfa', 'ifc'] as const),
      },
      category: texts(bim.get('category'), ['label'] as const),
      certification: texts(bim.get('certification'), ['label'] as const),
    },
    madeToOrder: readMadeToOrder(root.get('madeToOrder')),
    productMarketing: texts(root.get('productMarketing'), [
      'size',
      'length',
      'certifications',
      'piece',
      'pack',
    ] as const),
  };
}
