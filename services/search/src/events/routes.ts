import type { Database } from '@catalogue/db';
import { clientAddressOf } from '@catalogue/service-kit';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Caller } from '../http/auth';
import { errorResponse, type SearchError } from '../http/errors';
import { jsonRefusal } from '../http/input-guard';
import type { LimitVerdict, PublishLimits } from './publish-limits';
import { attribute } from './publisher';
import { storeEvents } from './store';
import { checkEvent, consentRefused, EVENT_LIMITS, type TrackedEvent } from './validate';

export interface EventRoutesOptions {
  /**
   * Who publishes: the caller, or the error to answer with (401). The service's one authorisation rule
   * (api key, commerce token, or nobody when public events are allowed) is passed in.
   */
  identify(request: Request): Promise<{ caller: Caller } | { refusal: SearchError }>;
  /** The publish limits per client address and visitor (api-key publishers are not limited). */
  limits: PublishLimits;
  /** Whether X-Forwarded-For's last entry names the client (TRUST_PROXY). */
  trustProxy: boolean;
  /** Largest accepted body in bytes. */
  maxBodyBytes: number;
  /** Called after events were stored (the recipes' caches listen). */
  onStored?(count: number): void;
}

/** The storefront's consent cookie (apps/storefront/src/tracking/consent.ts): `off` means no tracking. */
const CONSENT_COOKIE = 'tracking_consent';

/** The customer key in the hosted path: digits, a dash, digits (spec §5). */
const CUSTOMER_KEY = /^\d+-\d+$/;

function problem(status: number, type: string, message: string, details?: Record<string, unknown>): Response {
  return errorResponse(status, [
    {
      code: status,
      type,
      message,
      severity: status >= 500 ? 'high' : 'low',
      ...(details ? { details } : {}),
    },
  ]);
}

/** 429 in the service's error format, with Retry-After. */
function tooMany(verdict: NonNullable<LimitVerdict>): Response {
  const who = verdict.limitedBy === 'address' ? 'this address' : 'this visitor';
  return errorResponse(
    429,
    [
      {
        code: 429,
        type: 'rate_limited',
        message: `Too many events from ${who}: try again in ${verdict.waitSeconds} seconds.`,
        severity: 'low',
        details: { limit: verdict.limitedBy, retry_after: verdict.waitSeconds },
      },
    ],
    { 'retry-after': String(verdict.waitSeconds) },
  );
}

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // No socket: a request sent in-process by code of this process.
    return undefined;
  }
}

function consentCookieOff(request: Request): boolean {
  const header = request.headers.get('cookie');
  if (!header) return false;
  return header.split(';').some((part) => {
    const [key, ...rest] = part.split('=');
    return key?.trim() === CONSENT_COOKIE && cookieValue(rest.join('=').trim()) === 'off';
  });
}

/** A cookie value percent-decoded; one that does not decode (a visitor can send anything) is kept as is. */
function cookieValue(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * `POST /api/event/v4/publish` (service host) and `POST /event/{customerKey}/v4/publish` (the SDK's hosted
 * path when an api key is set). A body is one event or an array of events: every one is validated
 * (spec §5) and either all are stored or, with the first problem as a 400, none is. Consent off (the
 * storefront's `tracking_consent=off` cookie, or a `consent: false` flag in the body) stores nothing.
 * Who the events are about comes from the caller (`publisher.ts`); publishers without an api key are
 * limited per client address and per visitor (`publish-limits.ts`, 429 with Retry-After).
 */
export function eventRoutes(database: Database, options: EventRoutesOptions): Hono {
  const app = new Hono();
  const limit = bodyLimit({
    maxSize: options.maxBodyBytes,
    onError: () =>
      problem(413, 'payload_too_large', `Request body too large: at most ${options.maxBodyBytes} bytes.`),
  });

  const publish = async (c: Context): Promise<Response> => {
    const identified = await options.identify(c.req.raw);
    if ('refusal' in identified) return errorResponse(identified.refusal.code, [identified.refusal]);
    const { caller } = identified;
    // Api keys are trusted back ends; everyone else is limited per address and per visitor.
    const limits = caller.kind === 'api-key' ? null : options.limits;
    const address = clientAddressOf({
      socketAddress: socketAddress(c),
      forwardedFor: c.req.header('x-forwarded-for'),
      trustProxy: options.trustProxy,
    });
    const admitted = limits?.admit(address);
    if (admitted) return tooMany(admitted);
    const refuse = (response: Response) => {
      limits?.chargeRefused(address);
      return response;
    };
    const contentType = c.req.header('content-type') ?? '';
    if (!/^application\/json\b|\+json\b/i.test(contentType) && !/^text\/plain\b/i.test(contentType)) {
      return refuse(
        problem(415, 'unsupported_media_type', 'Events are sent as JSON (Content-Type: application/json).'),
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return refuse(problem(400, 'invalid_request', 'The request body is not valid JSON.'));
    }
    const refused = jsonRefusal(body);
    if (refused) return refused;
    const batch = Array.isArray(body);
    const inputs: unknown[] = Array.isArray(body) ? body : [body];
    if (inputs.length === 0) return refuse(problem(400, 'invalid_event', 'No event in the request body.'));
    if (inputs.length > EVENT_LIMITS.batch) {
      return refuse(problem(400, 'invalid_event', `At most ${EVENT_LIMITS.batch} events in one request.`));
    }
    const accepted: TrackedEvent[] = [];
    for (const [i, input] of inputs.entries()) {
      const check = checkEvent(input);
      if (!check.ok) {
        const field = batch
          ? `[${i}]${check.problem.field ? `.${check.problem.field}` : ''}`
          : check.problem.field;
        return refuse(problem(400, 'invalid_event', check.problem.message, { field }));
      }
      accepted.push(check.event);
    }
    if (consentCookieOff(c.req.raw) || inputs.some(consentRefused)) {
      return c.json({ ts: Date.now(), stored: 0, reason: 'tracking consent is off' });
    }
    const attributed = attribute(accepted, { caller, address }, batch);
    if (!attributed.ok) return refuse(errorResponse(attributed.error.code, [attributed.error]));
    const limited = limits?.charge(address, attributed.events);
    if (limited) return tooMany(limited);
    await storeEvents(database.db, attributed.events);
    options.onStored?.(accepted.length);
    return c.json({ ts: Date.now(), stored: accepted.length });
  };

  app.post('/api/event/v4/publish', limit, publish);
  app.post('/event/:customerKey/v4/publish', limit, (c) => {
    const customerKey = c.req.param('customerKey');
    if (!CUSTOMER_KEY.test(customerKey)) {
      return problem(
        400,
        'invalid_customer_key',
        `Invalid customerKey: "${customerKey}". It should match the following pattern: digits, dash, digits (e.g. 11111-2222222).`,
      );
    }
    return publish(c);
  });
  const notPost = (c: Context) =>
    problem(405, 'method_not_allowed', `${c.req.method} is not supported: events are published with POST.`);
  app.all('/api/event/v4/publish', notPost);
  app.all('/event/:customerKey/v4/publish', notPost);
  return app;
}
