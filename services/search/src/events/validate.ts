/**
 * Validation of v4 publish events (spec §5, docs/search-wire.md). The SDK (`@sitecore-search/data`'s
 * `events/*`) drops such events in the browser with a warning; the service refuses the same ones with the
 * same reason, so an event sent by hand or by an older client cannot poison the recipes.
 */

/** One accepted event, reduced to the columns of `search_events` plus its raw value. */
export interface TrackedEvent {
  name: string;
  action: string;
  actionCause: string | null;
  actionSubType: string | null;
  uuid: string | null;
  userId: string | null;
  clientTime: Date | null;
  rfkId: string | null;
  entityType: string | null;
  entityIds: string[];
  position: number | null;
  locale: string | null;
  pageUri: string | null;
  value: Record<string, unknown>;
}

/** Why an event is refused: the message the SDK itself warns with where it has one, and the field. */
export interface EventProblem {
  message: string;
  field: string;
}

export type EventCheck = { ok: true; event: TrackedEvent } | { ok: false; problem: EventProblem };

export const EVENT_LIMITS = {
  /** Longest accepted identifier (name, action, ids, rfk_id, …). */
  idLength: 256,
  /** Most items (`value.entities`) in one event. */
  entities: 200,
  /** Most facet entries (`value.filters`) in one event. */
  filters: 100,
  /** Most events in one publish call when the body is an array. */
  batch: 100,
} as const;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The SDK's `undefinedCheck`: missing, null or empty string count as absent. */
function absent(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** A present identifier: non-empty string or finite number, within the length limit. */
function identifier(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text.length > 0 && text.length <= EVENT_LIMITS.idLength ? text : null;
}

function refuse(message: string, field: string): EventCheck {
  return { ok: false, problem: { message, field } };
}

function optionalText(source: Json, key: string, field = key): string | null | EventProblem {
  const value = source[key];
  if (absent(value)) return null;
  const text = identifier(value);
  if (text === null) {
    return { message: `${field} must be a string of at most ${EVENT_LIMITS.idLength} characters`, field };
  }
  return text;
}

function isProblem(value: unknown): value is EventProblem {
  return isObject(value) && typeof value.message === 'string' && typeof value.field === 'string';
}

/**
 * Checks one event as the SDK's `track*` functions build it: `{name, action, action_cause?,
 * action_sub_type?, uuid | user_id, client_time_ms?, value: {rfk_id?, entity?, index?, entities?, request?,
 * filters?, transaction?, review?, context?, custom_attributes?}}`.
 */
export function checkEvent(input: unknown): EventCheck {
  if (!isObject(input)) return refuse('An event must be a JSON object', '');
  if (absent(input.name)) return refuse('Event name is not defined', 'name');
  const name = identifier(input.name);
  if (name === null)
    return refuse(`name must be a string of at most ${EVENT_LIMITS.idLength} characters`, 'name');
  if (absent(input.action)) return refuse('Event action is not defined', 'action');
  const action = identifier(input.action);
  if (action === null) {
    return refuse(`action must be a string of at most ${EVENT_LIMITS.idLength} characters`, 'action');
  }
  const actionCause = optionalText(input, 'action_cause');
  if (isProblem(actionCause)) return { ok: false, problem: actionCause };
  const actionSubType = optionalText(input, 'action_sub_type');
  if (isProblem(actionSubType)) return { ok: false, problem: actionSubType };
  const uuid = optionalText(input, 'uuid');
  if (isProblem(uuid)) return { ok: false, problem: uuid };
  const userId = optionalText(input, 'user_id');
  if (isProblem(userId)) return { ok: false, problem: userId };
  if (uuid === null && userId === null) {
    return refuse('Either uuid or user_id must identify the visitor', 'uuid');
  }
  let clientTime: Date | null = null;
  if (!absent(input.client_time_ms)) {
    const ms = input.client_time_ms;
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || ms > 8.64e15) {
      return refuse('client_time_ms must be a time in milliseconds since 1970', 'client_time_ms');
    }
    clientTime = new Date(ms);
  }

  const rawValue = input.value ?? {};
  if (!isObject(rawValue)) return refuse('value must be an object', 'value');
  const value: Json = rawValue;

  const rfkId = optionalText(value, 'rfk_id', 'value.rfk_id');
  if (isProblem(rfkId)) return { ok: false, problem: rfkId };
  const entity = optionalText(value, 'entity', 'value.entity');
  if (isProblem(entity)) return { ok: false, problem: entity };

  // Items: every one needs an id and an entity type, else the whole event is dropped (spec §5).
  const entities = value.entities ?? [];
  if (!Array.isArray(entities)) return refuse('value.entities must be an array', 'value.entities');
  if (entities.length > EVENT_LIMITS.entities) {
    return refuse(`value.entities holds more than ${EVENT_LIMITS.entities} items`, 'value.entities');
  }
  const entityIds: string[] = [];
  let entityType: string | null = entity;
  for (const [i, item] of entities.entries()) {
    const id = isObject(item) ? identifier(item.id) : null;
    const type = isObject(item) ? identifier(item.entity_type) : null;
    if (id === null || type === null) {
      return refuse(
        'A field is missing on one or more of the items provided',
        `value.entities[${i}].${id === null ? 'id' : 'entity_type'}`,
      );
    }
    entityIds.push(id);
    entityType ??= type;
  }

  // The position of a clicked item: mandatory for widget clicks caused by an entity.
  let position: number | null = null;
  if (!absent(value.index)) {
    if (typeof value.index !== 'number' || !Number.isInteger(value.index) || value.index < 0) {
      return refuse('value.index must be a whole number from 0', 'value.index');
    }
    position = value.index;
  }
  if (action === 'click' && actionCause === 'entity' && position === null) {
    return refuse(
      'Field index is mandatory for widget click entity events and is having invalid/missing value',
      'value.index',
    );
  }

  // Facet events: every filter names its facet (the SDK's facetId becomes `name`).
  if (!absent(value.filters)) {
    if (!Array.isArray(value.filters)) return refuse('value.filters must be an array', 'value.filters');
    if (value.filters.length > EVENT_LIMITS.filters) {
      return refuse(`value.filters holds more than ${EVENT_LIMITS.filters} entries`, 'value.filters');
    }
    for (const [i, filter] of value.filters.entries()) {
      // The SDK's formatted facet entry carries the facet id as `name`; its raw FacetPayload as `facetId`.
      if (!isObject(filter) || (identifier(filter.name) ?? identifier(filter.facetId)) === null) {
        return refuse('Facet events need a facet id', `value.filters[${i}].name`);
      }
    }
  }
  if (actionCause === 'filter' && (!Array.isArray(value.filters) || value.filters.length === 0)) {
    return refuse('Facet events need a facet id', 'value.filters');
  }

  // Order confirmation needs its order id; a review its id.
  if (name === 'order_confirm' || !absent(value.transaction)) {
    const transaction = value.transaction;
    if (!isObject(transaction) || identifier(transaction.order_id) === null) {
      return refuse('Transaction orderId is not defined', 'value.transaction.order_id');
    }
  }
  if (!absent(value.review) && (!isObject(value.review) || identifier(value.review.id) === null)) {
    return refuse('Review id is not defined', 'value.review.id');
  }

  // A login (identify) event carries who logged in, in context.user.
  const context = isObject(value.context) ? value.context : {};
  if (action === 'identify') {
    const user = isObject(context.user) ? context.user : {};
    if (!['cuid', 'email', 'eid', 'fbid'].some((key) => identifier(user[key]) !== null)) {
      return refuse('User information is empty or not complete', 'value.context.user');
    }
  }

  const page = isObject(context.page) ? context.page : {};
  const language = identifier(page.locale_language);
  const country = identifier(page.locale_country);
  const locale = language ? (country ? `${language}-${country}` : language) : null;
  const pageUri = typeof page.uri === 'string' && page.uri.length <= 2048 ? page.uri : null;

  return {
    ok: true,
    event: {
      name,
      action,
      actionCause,
      actionSubType,
      uuid,
      userId,
      clientTime,
      rfkId,
      entityType,
      entityIds,
      position,
      locale,
      pageUri,
      value,
    },
  };
}

/**
 * Whether the sender said tracking is off. The SDK simply does not send then; a client that sends anyway
 * can say so in the body (`track_consent: false` / `consent: false`, top level or in `value.context.user`).
 */
export function consentRefused(input: unknown): boolean {
  if (!isObject(input)) return false;
  const value = isObject(input.value) ? input.value : {};
  const context = isObject(value.context) ? value.context : {};
  const user = isObject(context.user) ? context.user : {};
  return [input, user].some((holder) => holder.track_consent === false || holder.consent === false);
}
