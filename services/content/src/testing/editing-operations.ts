import { expect } from 'vitest';
import type { GraphQLAnswer } from './content-server';

/** The write API's operations as an integration sends them, for the tests. */

const KEY = '$type: String!, $id: String!, $locale: String!';
const ARGS = 'type: $type, id: $id, locale: $locale';
export const DRAFT = 'type id locale data baseVersion restoredFrom savedBy { username } savedAt sanitized';
export const VERSION = 'type id locale version action data restoredFrom by { userId username } at';
export const SCHEDULE = 'type id locale publishAt state data baseVersion by { username } version outcome';

export const OPERATIONS = {
  saveDraft: `mutation(${KEY}, $data: JSON!) { saveDraft(${ARGS}, data: $data) { ${DRAFT} } }`,
  discardDraft: `mutation(${KEY}) { discardDraft(${ARGS}) }`,
  publish: `mutation(${KEY}, $expectedVersion: Int) { publish(${ARGS}, expectedVersion: $expectedVersion) { ${VERSION} } }`,
  unpublish: `mutation(${KEY}, $expectedVersion: Int) { unpublish(${ARGS}, expectedVersion: $expectedVersion) { ${VERSION} } }`,
  schedulePublish: `mutation(${KEY}, $at: String!) { schedulePublish(${ARGS}, at: $at) { ${SCHEDULE} } }`,
  cancelSchedule: `mutation(${KEY}) { cancelSchedule(${ARGS}) { ${SCHEDULE} } }`,
  restoreVersion: `mutation(${KEY}, $version: Int!) { restoreVersion(${ARGS}, version: $version) { ${DRAFT} } }`,
  draft: `query(${KEY}) { draft(${ARGS}) { ${DRAFT} } }`,
  contentItem: `query(${KEY}) { contentItem(${ARGS}) { published data version draft { ${DRAFT} } schedule { ${SCHEDULE} } } }`,
  versions: `query(${KEY}, $limit: Int, $endCursor: String) { versions(${ARGS}, limit: $limit, endCursor: $endCursor) { total pageInfo { endCursor hasNext } results { ${VERSION} } } }`,
  contentItems:
    'query($type: String!, $locale: String!, $limit: Int, $endCursor: String) { contentItems(type: $type, locale: $locale, limit: $limit, endCursor: $endCursor) { total pageInfo { endCursor hasNext } results { id published hasDraft } } }',
  missingTranslations:
    'query($type: String!, $locale: String!, $from: String, $limit: Int, $endCursor: String) { missingTranslations(type: $type, locale: $locale, from: $from, limit: $limit, endCursor: $endCursor) { total pageInfo { endCursor hasNext } results { id reason fields hasDraft } } }',
  contentTypes:
    '{ contentTypes { type role locales fixedId unpublishable translatedFields fields { name kind required } schema } }',
} as const;

export type Operation = keyof typeof OPERATIONS;

/** The data of an answer that must succeed. */
// biome-ignore lint/suspicious/noExplicitAny: GraphQL answers of many shapes, read by tests
export function dataOf(answer: GraphQLAnswer): any {
  expect(answer.json.errors, JSON.stringify(answer.json.errors)).toBeUndefined();
  expect(answer.status).toBe(200);
  return answer.json.data;
}

/** The first error of an answer that must fail: its code, message, HTTP status and extensions. */
export function refusalOf(answer: GraphQLAnswer) {
  const error = answer.json.errors?.[0];
  expect(error, `expected a refusal, got ${JSON.stringify(answer.json)}`).toBeDefined();
  expect(answer.json.data?.[Object.keys(answer.json.data ?? {})[0] ?? ''] ?? null).toBeNull();
  return {
    status: answer.status,
    code: error.extensions?.code as string,
    message: error.message as string,
    extensions: error.extensions as Record<string, unknown>,
  };
}
