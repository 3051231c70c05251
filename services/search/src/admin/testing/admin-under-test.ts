import { createCommerceService } from '@catalogue/commerce';
import type { Service } from '@catalogue/service-kit';
import { setSharedServices } from '@catalogue/service-kit/shared';
import type { SearchConfig } from '../../config';
import { type SearchUnderTest, searchUnderTest } from '../../testing/search-under-test';
import { ADMIN_PATH } from '../routes';

// biome-ignore lint/suspicious/noExplicitAny: API answers of many shapes, read by tests
type Json = any;

export interface AdminAnswer {
  status: number;
  json: Json;
  headers: Headers;
}

/** The demo users of the back office (identities.yaml) and a buyer; passwords as the dataset sets them. */
export const USERS = {
  admin: { client: 'admin-console', password: 'Admin#2026' },
  catalogue: { client: 'admin-console', password: 'Staff#2026' },
  editor: { client: 'admin-console', password: 'Staff#2026' },
  merchandiser: { client: 'admin-console', password: 'Staff#2026' },
  service: { client: 'admin-console', password: 'Staff#2026' },
  employee: { client: 'storefront', password: 'Buyer#2026' },
} as const;
export type DemoUser = keyof typeof USERS;

export interface AdminUnderTest {
  search: SearchUnderTest;
  commerce: Service;
  /** An access token of a demo user (logged in once per test file). */
  token(user: DemoUser): Promise<string>;
  /**
   * Calls the admin API (`path` below /admin/v1) as `as` (a demo user, a raw Authorization value, or
   * nobody with null); the merchandiser by default.
   */
  admin(
    method: string,
    path: string,
    options?: { body?: unknown; as?: DemoUser | { authorization: string } | null },
  ): Promise<AdminAnswer>;
  /** The public search (what the storefront's SDK sends) of one widget: its answer's widget. */
  find(
    keyphrase: string,
    /** `limit: null` asks for the widget's own page size. */
    options?: { rfkId?: string; country?: string; language?: string; limit?: number | null },
  ): Promise<Json>;
  close(): Promise<void>;
}

/**
 * The search service with its admin API over a fresh demo database, and the commerce service on the same
 * database answering in-process (the admin API's token checks reach it like the single server's do).
 */
export async function adminUnderTest(
  options: { skus?: number; config?: Partial<SearchConfig> } = {},
): Promise<AdminUnderTest> {
  const search = await searchUnderTest({
    skus: options.skus ?? 300,
    ...(options.config ? { config: options.config } : {}),
  });
  const commerce = createCommerceService(search.database, { basePath: '' });
  setSharedServices([commerce, search.service]);
  const tokens = new Map<DemoUser, Promise<string>>();

  const login = async (user: DemoUser): Promise<string> => {
    const { client, password } = USERS[user];
    const answer = await commerce.fetch(
      new Request('http://commerce.test/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'password',
          client_id: client,
          ...(client === 'admin-console' ? { client_secret: 'admin-console-secret' } : {}),
          username: user,
          password,
        }).toString(),
      }),
    );
    if (answer.status !== 200) throw new Error(`login of ${user}: ${answer.status} ${await answer.text()}`);
    return ((await answer.json()) as { access_token: string }).access_token;
  };
  const token = (user: DemoUser) => {
    let found = tokens.get(user);
    if (!found) {
      found = login(user);
      tokens.set(user, found);
    }
    return found;
  };

  return {
    search,
    commerce,
    token,
    async admin(method, path, { body, as = 'merchandiser' } = {}) {
      const authorization =
        as === null ? null : typeof as === 'object' ? as.authorization : `Bearer ${await token(as)}`;
      const response = await search.service.fetch(
        new Request(`http://search.test${ADMIN_PATH}${path}`, {
          method,
          headers: {
            ...(authorization !== null ? { authorization } : {}),
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
        }),
      );
      const text = await response.text();
      let json: Json = null;
      if (text) {
        try {
          json = JSON.parse(text);
        } catch {
          throw new Error(`Not JSON (HTTP ${response.status}): ${text.slice(0, 200)}`);
        }
      }
      return { status: response.status, json, headers: response.headers };
    },
    async find(keyphrase, { rfkId = 'rfkid_7', country = 'us', language = 'en', limit = 10 } = {}) {
      const answer = await search.post({
        context: { locale: { language, country } },
        widget: {
          items: [
            {
              entity: 'product',
              rfk_id: rfkId,
              search: { query: { keyphrase }, ...(limit === null ? {} : { limit }) },
            },
          ],
        },
      });
      if (answer.status !== 200) throw new Error(`search: ${answer.status} ${JSON.stringify(answer.json)}`);
      return answer.json.widgets[0];
    },
    async close() {
      commerce.stop();
      setSharedServices(null);
      await search.close();
    },
  };
}

/** Waits until `check` passes, at most `ms` (the admin API promises 2 s on every instance). */
export async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The ids of a search answer's widget. */
export const idsOf = (widget: Json): string[] => (widget.content ?? []).map((c: Json) => c.id);
