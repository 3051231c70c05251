import type { Region } from '@catalogue/dataset/model';
import type { LineItem, Order, OrderWorksheet } from 'ordercloud-javascript-sdk';
import { freshSession } from '../auth/browser-session';
import { actionKey, settleActionKey } from '../browser/action-keys';
import type { ProjectXp } from './commerce-projects';

/**
 * The browser's side of the project routes of spec §7 (`/api/ordercloud/Buyer/…`, JSON, the user's token
 * URI-encoded in the body): one function per route. A refusal rejects with a `ProjectCallError` carrying
 * the route's `{error}` message (spec §8: the commerce service's first error's Message) and status; no
 * valid login (and no refresh token to renew it) rejects with status 401 before anything is sent.
 */

export type ClientProject = Order<ProjectXp>;
export interface ProjectLine extends LineItem<{ packagingOption?: string | null }> {
  /** The product's snapshot, with its stock when the orderWorksheet route adds it. */
  Product?: LineItem['Product'] & { Inventory?: { Enabled?: boolean; QuantityAvailable?: number } };
}
export interface ProjectWorksheet extends OrderWorksheet {
  Order?: ClientProject;
  LineItems?: ProjectLine[];
}

export class ProjectCallError extends Error {
  override name = 'ProjectCallError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Where the add-to-project dialog was opened (the search team's `a2w` event reads it). */
export type AddSource = 'sku-table' | 'product-page' | 'product-card' | 'calculator' | (string & {});

type Fetch = typeof fetch;

/** The UserToken of a logged-in user, renewed through the refresh token when it has expired. */
async function currentToken(): Promise<string> {
  const session = await freshSession();
  if (!session) throw new ProjectCallError(401, 'Not logged in');
  return session.token;
}

/**
 * One call of a project route; `token` is added URI-encoded. `creates`: the call makes something (a
 * project, a copy, a line, a submission) and carries the action's Idempotency-Key (`browser/action-keys.ts`),
 * so sending it again before its outcome is known makes nothing twice.
 */
export async function callProjectRoute<T>(
  route: string,
  body: Record<string, unknown>,
  {
    method = 'POST',
    fetchImpl = fetch,
    token,
    creates = false,
  }: { method?: 'POST' | 'DELETE'; fetchImpl?: Fetch; token?: string; creates?: boolean } = {},
): Promise<T> {
  const userToken = token ?? (await currentToken());
  const action = creates ? `${route} ${JSON.stringify(body)}` : null;
  let response: Response;
  try {
    response = await fetchImpl(`/api/ordercloud/Buyer/${route}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(action ? { 'idempotency-key': actionKey(action) } : {}),
      },
      body: JSON.stringify({ ...body, token: encodeURIComponent(userToken) }),
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new ProjectCallError(0, error instanceof Error ? error.message : 'Network Error');
  }
  if (action) settleActionKey(action, response.status);
  const answer = (await response.json().catch(() => null)) as (T & { error?: unknown }) | null;
  if (!response.ok || answer === null) {
    const message =
      answer && typeof answer.error === 'string' && answer.error
        ? answer.error
        : `Request failed with status code ${response.status}`;
    throw new ProjectCallError(response.status, message);
  }
  return answer;
}

export interface ProjectDraft {
  name: string;
  description: string;
  region: Region;
}

export const projectApi = {
  list: (submitted: boolean, region: Region) =>
    callProjectRoute<{ Items: ClientProject[] }>('getAllProjects', { submitted, regionName: region }).then(
      (answer) => answer.Items,
    ),
  /** Every region's projects (`allRegions`): the screens show the others under their region. */
  listEverywhere: (submitted: boolean) =>
    callProjectRoute<{ Items: ClientProject[] }>('getAllProjects', { submitted, allRegions: true }).then(
      (answer) => answer.Items,
    ),
  worksheet: (orderId: string) => callProjectRoute<ProjectWorksheet>('orderWorksheet', { orderId }),
  create: (draft: ProjectDraft) =>
    callProjectRoute<ClientProject>(
      'createNewProject',
      { projectName: draft.name, projectDesc: draft.description, regionName: draft.region },
      { creates: true },
    ),
  remove: (orderID: string) => callProjectRoute<unknown>('deleteProject', { orderID }, { method: 'DELETE' }),
  addLine: (projectId: string, productId: string, qty: number) =>
    callProjectRoute<ProjectLine>(
      'AddProductLineItem',
      { productName: productId, projectId, qty },
      { creates: true },
    ),
  /** Several products at once, all or nothing (AddProductToProject): the project's worksheet after. */
  addLines: (projectId: string, products: { productId: string; qty: number }[]) =>
    callProjectRoute<ProjectWorksheet>(
      'AddProductToProject',
      { ID: projectId, products: products.map((p) => ({ productName: p.productId, qty: p.qty })) },
      { creates: true },
    ),
  updateLine: (projectId: string, lineItemId: string, qty: number) =>
    callProjectRoute<ProjectLine>('UpdateProductLineItem', { lineItemId, projectId, qty }),
  removeLine: (projectId: string, lineItemId: string) =>
    callProjectRoute<unknown>('deleteProductFromProject', { lineItemId, projectId }, { method: 'DELETE' }),
  setBrand: (projectId: string, brand: string) =>
    callProjectRoute<ClientProject>('addBrand', { brand, ID: projectId }),
  setPackaging: (projectId: string, lineItemId: string, packagingOption: string) =>
    callProjectRoute<ProjectWorksheet>('addPackagingOption', {
      products: [{ lineItemId, packagingOption }],
      ID: projectId,
    }),
  /** A copy named "<name> (copy)" (the route's default suffix; a suffix sent would be trimmed). */
  duplicate: (projectId: string) =>
    callProjectRoute<ClientProject>('DuplicateProject', { projectObj: { ID: projectId } }, { creates: true }),
  submit: (projectId: string) =>
    callProjectRoute<ClientProject>('submitProjectforQuote', { projectId }, { creates: true }),
};
