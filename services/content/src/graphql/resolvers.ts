import { type CalculatorItem, type LocaleInfo, REGIONS, type Region } from '@catalogue/dataset';
import { editingMutations, editingQueries } from '../editing/routes';
import { previewProductMarketing, readProductMarketing } from '../pcm/product-marketing';
import { tabKey } from '../store/snapshots';
import { findTerritories } from '../territories/find-territories';
import type { GraphQLContext } from './context';
import { JSONScalar } from './json-scalar';
import { checkLimit, decodeCursor, encodeCursor, pageOf } from './paging';
import { userError } from './user-error';

type Args = Record<string, unknown>;

/** Arguments arrive validated against the schema's types; these narrow them for TypeScript. */
const text = (args: Args, name: string): string => String(args[name]);
const optionalText = (args: Args, name: string): string | null =>
  typeof args[name] === 'string' ? (args[name] as string) : null;
const optionalInt = (args: Args, name: string): number | null =>
  typeof args[name] === 'number' ? (args[name] as number) : null;

const familyFilter =
  (family: string | null) =>
  <T extends { family: string }>(items: T[]): T[] =>
    family === null ? items : items.filter((item) => item.family === family);

const familyKey = (item: { family: string; id: string }) => `${item.family}/${item.id}`;

/** Each family's calculator item, with `families`: every family of the locale showing that calculator. */
function withFamilies(items: CalculatorItem[]): (CalculatorItem & { families: string[] })[] {
  const families = new Map<string, string[]>();
  for (const item of items) families.set(item.id, [...(families.get(item.id) ?? []), item.family]);
  return items.map((item) => ({ ...item, families: families.get(item.id) ?? [item.family] }));
}

/** One entry per calculator id (its first family's item, families in category-id order). */
function calculatorIndex(items: CalculatorItem[]): (CalculatorItem & { families: string[] })[] {
  const seen = new Set<string>();
  return withFamilies(items).filter((item) => !seen.has(item.id) && seen.add(item.id));
}

function mappingOf(name: string) {
  return async (_: unknown, __: Args, { content }: GraphQLContext) => {
    const mapping = (await content.shared()).mappings.get(name);
    if (!mapping) throw new Error(`content_items has no '${name}' mapping: load the dataset`);
    return mapping;
  };
}

/** PCM's `locale` is a locale code or a content-hub locale (`M.Localization.fr-CA`); en-US without one. */
async function pcmLocale(context: GraphQLContext, locale: string | null): Promise<LocaleInfo> {
  const code = (locale ?? 'en-US').replace(/^M\.Localization\./i, '');
  return context.content.locale(code, 'locale');
}

export const resolvers = {
  JSON: JSONScalar,
  // Route items stored before content pages had a body have no `sections`; those before rich text no `bodyHtml`.
  Route: {
    sections: (route: { sections?: unknown[] }) => route.sections ?? [],
    bodyHtml: (route: { bodyHtml?: string }) => route.bodyHtml ?? '',
  },
  Query: {
    locales: async (_: unknown, __: Args, { content }: GraphQLContext) => (await content.shared()).locales,
    route: async (_: unknown, args: Args, { content }: GraphQLContext) =>
      (await content.content(text(args, 'language'))).routeByPath.get(text(args, 'path')) ?? null,
    routes: async (_: unknown, args: Args, { content }: GraphQLContext) =>
      pageOf(
        (await content.content(text(args, 'language'))).routes,
        (r) => r.path,
        optionalInt(args, 'limit'),
        optionalText(args, 'endCursor'),
      ),
    regions: async (_: unknown, args: Args, { content }: GraphQLContext) => {
      const { language } = await content.locale(text(args, 'language'));
      return (await content.shared()).regions.map((region) => ({
        code: region.code,
        name: region.name[language],
        catalogId: region.catalogId,
        currency: region.currency,
      }));
    },
    site: async (_: unknown, args: Args, { content }: GraphQLContext) =>
      (await content.content(text(args, 'language'))).site,
    header: async (_: unknown, args: Args, { content }: GraphQLContext) =>
      (await content.content(text(args, 'language'))).header,
    footer: async (_: unknown, args: Args, { content }: GraphQLContext) =>
      (await content.content(text(args, 'language'))).footer,
    dictionary: async (_: unknown, args: Args, { content }: GraphQLContext) =>
      pageOf(
        (await content.content(text(args, 'language'))).dictionary,
        (e) => e.key,
        optionalInt(args, 'limit'),
        optionalText(args, 'endCursor'),
      ),
    newsletter: async (_: unknown, args: Args, { content }: GraphQLContext) =>
      (await content.content(text(args, 'language'))).newsletter,
    tables: async (_: unknown, args: Args, { content }: GraphQLContext) =>
      pageOf(
        familyFilter(optionalText(args, 'family'))((await content.content(text(args, 'language'))).tables),
        familyKey,
        optionalInt(args, 'limit'),
        optionalText(args, 'endCursor'),
      ),
    tabs: async (_: unknown, args: Args, { content }: GraphQLContext) =>
      pageOf(
        familyFilter(optionalText(args, 'family'))((await content.content(text(args, 'language'))).tabs),
        tabKey,
        optionalInt(args, 'limit'),
        optionalText(args, 'endCursor'),
      ),
    calculators: async (_: unknown, args: Args, { content }: GraphQLContext) =>
      pageOf(
        withFamilies((await content.content(text(args, 'language'))).calculators).filter(
          (c) => optionalText(args, 'family') === null || c.family === optionalText(args, 'family'),
        ),
        familyKey,
        optionalInt(args, 'limit'),
        optionalText(args, 'endCursor'),
      ),
    calculator: async (_: unknown, args: Args, { content }: GraphQLContext) => {
      const { calculators } = await content.content(text(args, 'language'));
      return calculatorIndex(calculators).find((c) => c.id === text(args, 'id')) ?? null;
    },
    calculatorIndex: async (_: unknown, args: Args, { content }: GraphQLContext) =>
      calculatorIndex((await content.content(text(args, 'language'))).calculators),
    bimFilters: async (_: unknown, args: Args, { content }: GraphQLContext) =>
      pageOf(
        (await content.content(text(args, 'language'))).bimFilters,
        (f) => `${String(f.order).padStart(6, '0')}/${f.id}`,
        optionalInt(args, 'limit'),
        optionalText(args, 'endCursor'),
      ),
    madeToOrderLabels: async (_: unknown, args: Args, { content }: GraphQLContext) =>
      (await content.content(text(args, 'language'))).madeToOrder,
    regionMappings: mappingOf('region'),
    loginLocaleMappings: mappingOf('login-locale'),
    contentHubLocaleMappings: mappingOf('content-hub-locale'),
    metricToggleLocales: async (_: unknown, __: Args, context: GraphQLContext) =>
      (await mappingOf('metric-toggle')(_, __, context)).entries.map((e) => e.locale),
    territories: async (_: unknown, args: Args, { content }: GraphQLContext) => {
      const region = text(args, 'region').trim().toUpperCase();
      if (!(REGIONS as readonly string[]).includes(region))
        throw userError(
          'BAD_USER_INPUT',
          `Unknown region '${region.slice(0, 20)}': use one of ${REGIONS.join(', ')}.`,
        );
      const language = optionalText(args, 'language') ?? 'en-US';
      const locale = await content.locale(language);
      const { dictionary } = await content.content(language);
      return findTerritories(
        (await content.shared()).territories,
        region as Region,
        text(args, 'postalCode'),
        locale,
        new Map(dictionary.map((entry) => [entry.key, entry.phrase])),
      );
    },
    ...editingQueries,
    allM_PCM_Product: async (_: unknown, args: Args, context: GraphQLContext) => {
      const locale = await pcmLocale(context, optionalText(args, 'locale'));
      const where = args.where as { productNumber_in?: unknown } | null | undefined;
      const productNumbers = Array.isArray(where?.productNumber_in)
        ? where.productNumber_in.map(String)
        : null;
      if (productNumbers && productNumbers.length > 1000)
        throw userError('BAD_USER_INPUT', 'productNumber_in takes at most 1000 product numbers.');
      const limit = checkLimit(optionalInt(args, 'first'), 'first');
      const after = optionalText(args, 'after');
      const read = context.content.preview ? previewProductMarketing : readProductMarketing;
      const { total, rows } = await read(
        context.content.db,
        locale.code,
        productNumbers,
        after ? decodeCursor(after) : null,
        limit + 1,
      );
      const results = rows.slice(0, limit);
      const last = results.at(-1);
      return {
        total,
        pageInfo: { endCursor: last ? encodeCursor(last.id) : null, hasNext: rows.length > limit },
        results,
      };
    },
  },
  Mutation: {
    subscribeNewsletter: async (_: unknown, args: Args, context: GraphQLContext) =>
      context.newsletter.subscribe(
        context.content,
        text(args, 'email'),
        text(args, 'language'),
        context.clientAddress,
      ),
    confirmNewsletter: async (_: unknown, args: Args, { content, newsletter }: GraphQLContext) =>
      newsletter.confirm(content, text(args, 'token'), text(args, 'language')),
    ...editingMutations,
  },
};
