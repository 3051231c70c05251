import { AsyncLocalStorage } from 'node:async_hooks';
import { callService } from '@catalogue/service-kit/shared';
import axios, { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { Auth, Configuration } from 'ordercloud-javascript-sdk';

/**
 * The official OrderCloud SDK, pointed at the commerce service this process serves. The SDK sends every
 * call through axios; its `axiosAdapter` hands the request to `callService('commerce', …)` instead of the
 * network, so the storefront server reaches the service in-process like it reaches the content service.
 * The SDK keeps its configuration in a process-wide singleton: it is set once here and never changed, and
 * tokens are passed per call (`{ accessToken }`), never stored in the SDK, so requests cannot mix them.
 */

/** A base URL the adapter recognises; no request ever goes to it over the network. */
const IN_PROCESS_BASE = 'http://commerce.in-process';
/** The storefront's API client id, the stem of its anonymous clients per regional catalog. */
export const STOREFRONT_CLIENT_ID = 'storefront';
/** The API client seller users sign in with (the sales inbox, `/sales`); it serves no buyer. */
export const SALES_INBOX_CLIENT_ID = 'sales-inbox';

const visitorAddress = new AsyncLocalStorage<string>();
const idempotency = new AsyncLocalStorage<{ key: string; posts: number }>();

/**
 * Runs `call` with the visitor's address attached to its commerce requests (X-Forwarded-For), so the
 * service's per-address login limits count each visitor rather than this process as one address.
 */
export function asVisitor<T>(address: string | null, call: () => Promise<T>): Promise<T> {
  return address ? visitorAddress.run(address, call) : call();
}

/**
 * Runs `call` with an Idempotency-Key on each of its commerce POSTs (`http/idempotency.ts` of the commerce
 * service): `<key>:<n>` for the n-th. One user action may create several things (a duplicate: the order,
 * then each line); sent again with the same key (a double click, a retry), the same calls come in the
 * same order and each is answered with its first answer instead of being made again. Null: no keys.
 */
export function withIdempotencyKey<T>(key: string | null, call: () => Promise<T>): Promise<T> {
  return key ? idempotency.run({ key, posts: 0 }, call) : call();
}

/** The key of the user action being run (`withIdempotencyKey`), for changes that are not POSTs; else null. */
export function currentActionKey(): string | null {
  return idempotency.getStore()?.key ?? null;
}

/** Sends one axios request to the in-process commerce service and answers what axios expects. */
export async function inProcessCommerceAdapter(config: InternalAxiosRequestConfig): Promise<AxiosResponse> {
  const url = new URL(axios.getUri(config));
  const headers = AxiosHeaders.from(config.headers).normalize(false);
  const init: RequestInit = { method: (config.method ?? 'get').toUpperCase(), headers: {} };
  const plain: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers.toJSON())) {
    if (typeof value === 'string') plain[name] = value;
  }
  const visitor = visitorAddress.getStore();
  if (visitor) plain['x-forwarded-for'] = visitor;
  const action = idempotency.getStore();
  if (action && init.method === 'POST') plain['idempotency-key'] = `${action.key}:${++action.posts}`;
  init.headers = plain;
  if (config.data !== undefined && config.data !== null && init.method !== 'GET') {
    init.body = typeof config.data === 'string' ? config.data : JSON.stringify(config.data);
  }
  const answer = await callService('commerce', `${url.pathname}${url.search}`, init);
  if (answer.status === 401) forgetAnonymousToken(plain.Authorization ?? plain.authorization);
  const response: AxiosResponse = {
    data: await answer.text(),
    status: answer.status,
    statusText: answer.statusText,
    headers: Object.fromEntries(answer.headers.entries()),
    config,
    request: null,
  };
  if (answer.status >= 200 && answer.status < 300) return response;
  throw new AxiosError(
    `Request failed with status code ${answer.status}`,
    answer.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
    config,
    null,
    response,
  );
}

let configured = false;

/** Points the SDK at the in-process commerce service (once per process). */
export function configureInProcessCommerce(): void {
  if (configured) return;
  Configuration.Set({
    baseApiUrl: IN_PROCESS_BASE,
    clientID: STOREFRONT_CLIENT_ID,
    axiosAdapter: inProcessCommerceAdapter,
  });
  configured = true;
}

/**
 * The anonymous API client of a regional catalog (identities.yaml): `storefront-<catalogId>`, whose
 * template user belongs to a buyer company assigned that catalog, so visitors see the region's SKUs.
 */
export function anonymousClientId(catalogId: string): string {
  return `${STOREFRONT_CLIENT_ID}-${catalogId}`;
}

/** Renew a cached token this long before it expires. */
const EXPIRY_MARGIN_MS = 30_000;
const anonymousTokens = new Map<string, { token: string; expiresAt: number }>();

/**
 * A shared anonymous token the commerce service refused (its template user's tokens were revoked, or the
 * user deactivated) is not handed out again: the next request gets a new one (or a clean refusal).
 */
function forgetAnonymousToken(authorization: string | undefined): void {
  const token = authorization?.replace(/^Bearer\s+/i, '');
  if (!token) return;
  for (const [clientId, cached] of anonymousTokens)
    if (cached.token === token) anonymousTokens.delete(clientId);
}

/**
 * An anonymous shopper's access token for browsing a regional catalog (`client_credentials` without a
 * secret), shared by the visitors of this process until shortly before it expires: they only read.
 */
export async function anonymousToken(catalogId: string, now = Date.now()): Promise<string> {
  configureInProcessCommerce();
  const clientId = anonymousClientId(catalogId);
  const cached = anonymousTokens.get(clientId);
  if (cached && cached.expiresAt - EXPIRY_MARGIN_MS > now) return cached.token;
  const auth = await Auth.Anonymous(clientId, ['Shopper']);
  anonymousTokens.set(clientId, { token: auth.access_token, expiresAt: now + auth.expires_in * 1000 });
  return auth.access_token;
}
