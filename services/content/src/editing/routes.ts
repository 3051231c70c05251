import type { CommerceUser } from '@catalogue/service-kit/commerce-token';
import { createGraphQLError } from 'graphql-yoga';
import { z } from 'zod';
import type { GraphQLContext } from '../graphql/context';
import { checkLimit, decodeCursor, encodeCursor } from '../graphql/paging';
import { userError } from '../graphql/user-error';
import { AccessRefused, requireRole } from './access';
import { actorOf } from './actor';
import { CONTENT_TYPE_DEFINITIONS, contentTypeOf, fieldsOf, jsonSchemaOf } from './content-types';
import { EditingError } from './errors';
import {
  type DraftRow,
  type ItemKey,
  listItemIds,
  listVersions,
  missingTranslations,
  type ScheduleRow,
  type VersionRow,
} from './repository';
import * as editing from './service';
import type { ContentTypeDefinition } from './types/definition';
import { WRITTEN_ELSEWHERE } from './types/search';

/**
 * The write API's GraphQL resolvers (schema.graphql, "The write API"): arguments checked with zod, the
 * caller authorised, one use case of `service.ts` called, its rows shaped for the wire. Every refusal is
 * a GraphQL error with the code of `EditingError` or `AccessRefused` (the latter with its HTTP status).
 */

type Args = Record<string, unknown>;

function wireError(error: unknown): unknown {
  if (error instanceof EditingError) return userError(error.code, error.message, error.details);
  if (error instanceof AccessRefused)
    return createGraphQLError(error.message, {
      extensions: { code: error.code, http: { status: error.status, headers: error.headers } },
    });
  return error;
}

function resolver<T>(work: (args: Args, context: GraphQLContext) => Promise<T>) {
  return async (_: unknown, args: Args, context: GraphQLContext): Promise<T> => {
    try {
      return await work(args, context);
    } catch (error) {
      throw wireError(error);
    }
  };
}

function parsed<T>(schema: z.ZodType<T>, args: Args): T {
  const result = schema.safeParse(args);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new EditingError(
    'BAD_USER_INPUT',
    `${issue?.path.join('.') || 'arguments'}: ${issue?.message ?? 'invalid'}.`,
  );
}

/** Ids: printable, no leading or trailing space, at most 300 characters. */
const idSchema = z
  .string()
  .max(300, 'at most 300 characters')
  .regex(/^(?!\s)[^\p{Cc}]+(?<!\s)$/u, 'an id of printable characters without leading or trailing spaces');
const keyArgs = z.object({ type: z.string().max(100), id: idSchema, locale: z.string().max(40) });
const typeArgs = z.object({ type: z.string().max(100), locale: z.string().max(40) });
const versionNumber = z.number().int().min(0).max(1_000_000_000);

/** The type's definition; a type another service writes is refused to those holding its role, pointing there. */
function definitionOf(type: string, user: CommerceUser): ContentTypeDefinition {
  const elsewhere = WRITTEN_ELSEWHERE[type];
  if (elsewhere) {
    requireRole(user, elsewhere.role, `Editing ${type} items`);
    throw new EditingError('BAD_USER_INPUT', `${type} items are written through ${elsewhere.where}.`);
  }
  const definition = contentTypeOf(type);
  if (!definition)
    throw new EditingError(
      'UNKNOWN_TYPE',
      `Unknown content type '${type.slice(0, 60)}': use one of ${CONTENT_TYPE_DEFINITIONS.map((d) => d.type).join(', ')}.`,
    );
  return definition;
}

/** The locale code of a `locale` argument for the type: a locale code, or '*' where the type has one. */
async function localeFor(
  definition: ContentTypeDefinition,
  locale: string,
  context: GraphQLContext,
): Promise<string> {
  if (locale === '*') {
    if (definition.locales === 'per-locale')
      throw new EditingError(
        'BAD_USER_INPUT',
        `${definition.type} items are kept per locale: give a locale code, not '*'.`,
      );
    return '*';
  }
  if (definition.locales === 'shared')
    throw new EditingError(
      'BAD_USER_INPUT',
      `${definition.type} items are kept once for every locale: use locale '*'.`,
    );
  return (await context.content.locale(locale, 'locale')).code;
}

/** The caller (authenticated first) and the type, whose role the caller must hold. */
async function typeOf(args: Args, context: GraphQLContext) {
  const user = await context.editing.editor();
  const { type, locale } = parsed(typeArgs, args);
  const definition = definitionOf(type, user);
  requireRole(user, definition.role, `Editing ${definition.type} items`);
  return { user, definition, locale };
}

/** As `typeOf`, and the item's key. */
async function itemOf(args: Args, context: GraphQLContext) {
  const { user, definition, locale } = await typeOf(args, context);
  const { id } = parsed(keyArgs, args);
  if (definition.fixedId !== null && id !== definition.fixedId)
    throw new EditingError(
      'BAD_USER_INPUT',
      `A ${definition.type} item's id is '${definition.fixedId}', not '${id.slice(0, 60)}'.`,
    );
  const key: ItemKey = { type: definition.type, id, locale: await localeFor(definition, locale, context) };
  return { actor: actorOf(user), definition, key };
}

function editorView(by: unknown) {
  if (typeof by !== 'object' || by === null) return null;
  const actor = by as { userId?: unknown; username?: unknown; impersonatedBy?: unknown };
  return {
    userId: String(actor.userId ?? ''),
    username: String(actor.username ?? ''),
    impersonatedBy: typeof actor.impersonatedBy === 'string' ? actor.impersonatedBy : null,
  };
}

const draftView = (row: DraftRow, sanitized: string[] = []) => ({
  type: row.type,
  id: row.id,
  locale: row.locale,
  data: row.data,
  baseVersion: row.baseVersion ?? 0,
  restoredFrom: row.restoredFrom,
  savedBy: editorView(row.savedBy),
  savedAt: row.savedAt.toISOString(),
  sanitized,
});

const versionView = (row: VersionRow) => ({
  type: row.type,
  id: row.id,
  locale: row.locale,
  version: row.version,
  action: row.action,
  data: row.data,
  restoredFrom: row.restoredFrom,
  by: editorView(row.by),
  at: row.at.toISOString(),
});

const scheduleView = (row: ScheduleRow) => ({
  type: row.type,
  id: row.id,
  locale: row.locale,
  publishAt: row.publishAt.toISOString(),
  state: row.state,
  data: row.data,
  baseVersion: row.baseVersion,
  by: editorView(row.by),
  version: row.version,
  outcome: row.outcome,
});

const LOCALE_SCOPES = { 'per-locale': 'PER_LOCALE', shared: 'SHARED', either: 'EITHER' } as const;

function versionCursor(cursor: string | null): number | null {
  if (cursor === null) return null;
  const value = decodeCursor(cursor);
  if (!/^[1-9][0-9]{0,9}$/.test(value))
    throw new EditingError(
      'BAD_USER_INPUT',
      `Malformed cursor '${cursor.slice(0, 60)}': pass the endCursor of a previous page.`,
    );
  return Number(value);
}

const pageArgs = z.object({
  limit: z.number().int().nullish(),
  endCursor: z.string().max(1000).nullish(),
});

/** A page of rows read one past `size` (keyset paging): the extra row only says there is more. */
function keysetPage<T, R>(
  rows: T[],
  size: number,
  total: number,
  keyOf: (row: T) => string,
  view: (row: T) => R,
) {
  const results = rows.slice(0, size);
  const last = results.at(-1);
  return {
    total,
    pageInfo: {
      endCursor: last === undefined ? null : encodeCursor(keyOf(last)),
      hasNext: rows.length > size,
    },
    results: results.map(view),
  };
}

export const editingQueries = {
  contentTypes: resolver(async (_args, context) => {
    await context.editing.editor();
    return CONTENT_TYPE_DEFINITIONS.map((definition) => ({
      type: definition.type,
      description: definition.description,
      role: definition.role,
      locales: LOCALE_SCOPES[definition.locales],
      fixedId: definition.fixedId,
      unpublishable: definition.unpublishable,
      translatedFields: definition.translated === 'every-key' ? [] : definition.translated,
      fields: fieldsOf(definition),
      schema: jsonSchemaOf(definition),
    }));
  }),
  contentItem: resolver(async (args, context) => {
    const { key } = await itemOf(args, context);
    const state = await editing.itemState(context.editing.db, key);
    return {
      ...key,
      published: state.published !== null,
      data: state.published?.data ?? null,
      version: state.version,
      draft: state.draft ? draftView(state.draft) : null,
      schedule: state.schedule ? scheduleView(state.schedule) : null,
    };
  }),
  contentItems: resolver(async (args, context) => {
    const { definition, locale } = await typeOf(args, context);
    const code = await localeFor(definition, locale, context);
    const { limit, endCursor } = parsed(pageArgs, args);
    const size = checkLimit(limit);
    const after = endCursor ? decodeCursor(endCursor) : null;
    const { total, rows } = await listItemIds(context.editing.db, definition.type, code, after, size + 1);
    return keysetPage(
      rows,
      size,
      total,
      (row) => row.id,
      (row) => ({
        id: row.id,
        published: row.published,
        hasDraft: row.has_draft,
      }),
    );
  }),
  draft: resolver(async (args, context) => {
    const { key } = await itemOf(args, context);
    const state = await editing.itemState(context.editing.db, key);
    return state.draft ? draftView(state.draft) : null;
  }),
  versions: resolver(async (args, context) => {
    const { key } = await itemOf(args, context);
    const { limit, endCursor } = parsed(pageArgs, args);
    const size = checkLimit(limit);
    const { total, rows } = await listVersions(
      context.editing.db,
      key,
      versionCursor(endCursor ?? null),
      size + 1,
    );
    return keysetPage(rows, size, total, (row) => String(row.version), versionView);
  }),
  missingTranslations: resolver(async (args, context) => {
    const { definition, locale } = await typeOf(args, context);
    const { from, limit, endCursor } = parsed(pageArgs.extend({ from: z.string().max(40).nullish() }), args);
    if (definition.locales !== 'per-locale')
      throw new EditingError(
        'BAD_USER_INPUT',
        `${definition.type} items are not kept per locale, so they have no translations.`,
      );
    const target = (await context.content.locale(locale, 'locale')).code;
    const source = (await context.content.locale(from ?? 'en-US', 'from')).code;
    if (source === target)
      throw new EditingError('BAD_USER_INPUT', `from and locale are both ${target}: compare two locales.`);
    const size = checkLimit(limit);
    const { total, rows } = await missingTranslations(
      context.editing.db,
      definition.type,
      target,
      source,
      definition.translated === 'every-key' ? null : definition.translated,
      { after: endCursor ? decodeCursor(endCursor) : null, limit: size + 1 },
    );
    return keysetPage(
      rows,
      size,
      total,
      (row) => row.id,
      (row) => ({
        id: row.id,
        reason: row.missing ? 'missing' : 'empty',
        fields: row.empty ?? [],
        hasDraft: row.has_draft,
      }),
    );
  }),
};

const expectedArgs = z.object({ expectedVersion: versionNumber.nullish() });

export const editingMutations = {
  saveDraft: resolver(async (args, context) => {
    const { actor, definition, key } = await itemOf(args, context);
    const saved = await editing.saveDraft(
      context.editing.db,
      actor,
      definition,
      key,
      args.data,
      context.editing.maxItemBytes,
    );
    return draftView(saved.draft, saved.sanitized);
  }),
  discardDraft: resolver(async (args, context) => {
    const { actor, key } = await itemOf(args, context);
    await editing.discardDraft(context.editing.db, actor, key);
    return true;
  }),
  publish: resolver(async (args, context) => {
    const { actor, key } = await itemOf(args, context);
    const { expectedVersion } = parsed(expectedArgs, args);
    return versionView(await editing.publish(context.editing.db, actor, key, expectedVersion ?? null));
  }),
  unpublish: resolver(async (args, context) => {
    const { actor, definition, key } = await itemOf(args, context);
    const { expectedVersion } = parsed(expectedArgs, args);
    return versionView(
      await editing.unpublish(context.editing.db, actor, definition, key, expectedVersion ?? null),
    );
  }),
  schedulePublish: resolver(async (args, context) => {
    const { actor, key } = await itemOf(args, context);
    const { at } = parsed(
      z.object({
        at: z.iso.datetime({
          offset: true,
          error: 'an ISO 8601 date and time with an offset (2030-01-31T09:00:00Z)',
        }),
      }),
      args,
    );
    return scheduleView(
      await editing.schedulePublish(context.editing.db, actor, key, new Date(at), new Date()),
    );
  }),
  cancelSchedule: resolver(async (args, context) => {
    const { actor, key } = await itemOf(args, context);
    return scheduleView(await editing.cancelSchedule(context.editing.db, actor, key));
  }),
  restoreVersion: resolver(async (args, context) => {
    const { actor, definition, key } = await itemOf(args, context);
    const { version } = parsed(z.object({ version: versionNumber.min(1) }), args);
    const saved = await editing.restoreVersion(
      context.editing.db,
      actor,
      definition,
      key,
      version,
      context.editing.maxItemBytes,
    );
    return draftView(saved.draft, saved.sanitized);
  }),
};
