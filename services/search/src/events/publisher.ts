import { networkOf } from '@catalogue/service-kit';
import type { Caller } from '../http/auth';
import type { SearchError } from '../http/errors';
import type { TrackedEvent } from './validate';

/** An accepted event with who published it, as it is stored. */
export interface AttributedEvent extends TrackedEvent {
  /** The company of `userId` (user IDs are unique per company only); set only from a commerce token. */
  companyId: string | null;
  /** The publisher's network (`networkOf` its address); null for an api-key publisher. */
  source: string | null;
}

export interface Publisher {
  caller: Caller;
  /** The client address (`clientAddressOf`). */
  address: string;
}

export type Attribution = { ok: true; events: AttributedEvent[] } | { ok: false; error: SearchError };

function forbidden(message: string, index: number | null): Attribution {
  return {
    ok: false,
    error: {
      code: 403,
      type: 'forbidden',
      message,
      severity: 'medium',
      details: { field: index === null ? 'user_id' : `[${index}].user_id` },
    },
  };
}

/**
 * Who each event is about, from the publisher's proven identity, never from the body alone: a signed-in
 * user's events are theirs (a `user_id` naming someone else is refused); a visitor without a user token
 * cannot name a user at all (anyone could otherwise feed or read another user's "recently viewed") nor
 * send an identity event (anyone could otherwise tie a stranger's email to their browser id); an
 * api key is a trusted back end and may name its own users. `batch` says whether the body was an array
 * (for the field named in a refusal).
 */
export function attribute(events: TrackedEvent[], publisher: Publisher, batch: boolean): Attribution {
  const { caller } = publisher;
  if (caller.kind === 'api-key') {
    return { ok: true, events: events.map((event) => ({ ...event, companyId: null, source: null })) };
  }
  const source = networkOf(publisher.address);
  const user = caller.kind === 'user' && !caller.anonymous ? caller : null;
  const out: AttributedEvent[] = [];
  for (const [i, event] of events.entries()) {
    const index = batch ? i : null;
    if (user) {
      if (event.userId !== null && event.userId !== user.userId) {
        return forbidden('user_id must be the signed-in user of the token.', index);
      }
      out.push({ ...event, userId: user.userId, companyId: user.companyId, source });
      continue;
    }
    if (event.action === 'identify') {
      return forbidden(
        "An identity event says who the visitor is: publish it with that user's commerce token (Authorization: Bearer …).",
        index,
      );
    }
    if (event.userId !== null) {
      return forbidden(
        "user_id names a signed-in user: publish with that user's commerce token (Authorization: Bearer …), or send the browser's uuid only.",
        index,
      );
    }
    out.push({ ...event, companyId: null, source });
  }
  return { ok: true, events: out };
}

/** The visitor an event counts for in the publish limits: the signed-in user, else the browser id. */
export function visitorKey(event: AttributedEvent): string {
  return event.userId !== null ? `user:${event.companyId ?? ''}/${event.userId}` : `uuid:${event.uuid ?? ''}`;
}
