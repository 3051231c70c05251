import {
  IntegrationEvents,
  type LineItem,
  LineItems,
  Me,
  type Order,
  type OrderCloudError,
  Orders,
  type OrderWorksheet,
} from 'ordercloud-javascript-sdk';
import { configureInProcessCommerce, currentActionKey } from '../data/commerce-sdk';
import { projectInRegion } from './project-region';

/**
 * Projects are the user's orders in the commerce service (spec §3): name, description, region and brand
 * in the order's xp, products as line items; "submitted" means the order left the Unsubmitted status.
 * Every call goes through the official SDK with the user's own token, so the service's rules (own
 * orders only, status checks, quantities) decide what may happen. Operations that take several calls
 * undo what they did when a later call fails, so a project is never left half changed.
 */

export interface ProjectXp {
  projectName?: string;
  projectDesc?: string;
  regionName?: string;
  brand?: string;
}

export type Project = Order<ProjectXp>;

export interface ProductQuantity {
  productId: string;
  quantity: number;
}

/** A refusal of the commerce service, with the message spec §8 says callers show (first error's Message). */
export class ProjectError extends Error {
  override name = 'ProjectError';
  constructor(
    message: string,
    readonly status: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The commerce error's message (spec §8): the first error's Message; NotFound as "<Type> <id> not found". */
export function projectErrorOf(error: unknown): ProjectError {
  const failure = error as Partial<OrderCloudError>;
  if (!failure.isOrderCloudError)
    return new ProjectError(error instanceof Error ? error.message : String(error), 502, { cause: error });
  const first = failure.errors?.[0];
  const message = first?.Message || failure.statusText || failure.message || 'Request failed';
  return new ProjectError(message, failure.status && failure.status >= 400 ? failure.status : 502, {
    cause: error,
  });
}

const options = (token: string) => ({ accessToken: token });

async function call<T>(work: () => Promise<T>): Promise<T> {
  configureInProcessCommerce();
  try {
    return await work();
  } catch (error) {
    throw projectErrorOf(error);
  }
}

export function createProject(token: string, xp: ProjectXp): Promise<Project> {
  return call(() => Orders.Create<Project>('Outgoing', { xp }, options(token)));
}

/**
 * The user's projects, submitted or not, every page of them. Region (spec §7): for US keep projects whose
 * xp.regionName is US or missing; for any other region keep the ones of that region; `null` keeps all
 * (the site's own screens, which show other regions' projects under their region: issue 22 item 11).
 */
export async function listProjects(
  token: string,
  submitted: boolean,
  region: string | null,
): Promise<Project[]> {
  return call(async () => {
    const all: Project[] = [];
    for (let page = 1; ; page++) {
      const answer = await Me.ListOrders<Project>(
        {
          filters: { Status: submitted ? '!Unsubmitted' : 'Unsubmitted' },
          sortBy: ['!DateCreated'],
          page,
          pageSize: 100,
        },
        options(token),
      );
      all.push(...answer.Items);
      if (page >= (answer.Meta.TotalPages ?? 1)) break;
    }
    return region === null ? all : all.filter((project) => projectInRegion(project, region));
  });
}

export function projectWorksheet(token: string, orderId: string): Promise<OrderWorksheet> {
  return call(() => IntegrationEvents.GetWorksheet('Outgoing', orderId, options(token)));
}

/**
 * The worksheet with each line's product stock (`Product.Inventory` as the buyer's product list shows it)
 * for the project page, which notes a line that asks for more than the stock holds (issue 22 item 1:
 * information, not a limit). Products the user no longer sees get no stock.
 */
export async function projectWorksheetWithStock(token: string, orderId: string): Promise<OrderWorksheet> {
  const sheet = await projectWorksheet(token, orderId);
  const lines = sheet.LineItems ?? [];
  const ids = [...new Set(lines.map((line) => line.ProductID).filter((id): id is string => !!id))];
  const stock = new Map<string, { Enabled?: boolean; QuantityAvailable?: number }>();
  // One list per 100 products: a filter takes at most 100 values.
  for (let start = 0; start < ids.length; start += 100) {
    const chunk = ids.slice(start, start + 100);
    const page = await call(() =>
      Me.ListProducts({ filters: { ID: chunk.join('|') }, pageSize: 100 }, options(token)),
    );
    for (const product of page.Items) {
      if (product.ID && product.Inventory) stock.set(product.ID, product.Inventory);
    }
  }
  for (const line of lines) {
    const inventory = stock.get(line.ProductID ?? '');
    if (line.Product && inventory) {
      Object.assign(line.Product, {
        Inventory: { Enabled: inventory.Enabled, QuantityAvailable: inventory.QuantityAvailable },
      });
    }
  }
  return sheet;
}

export function deleteProject(token: string, orderId: string): Promise<void> {
  return call(() => Orders.Delete('Outgoing', orderId, options(token)));
}

type ProjectLineItem = LineItem<{ packagingOption?: string | null; addedBy?: string }>;

/** What an add did: the line as it is now, and how to take it back. */
interface Added {
  line: ProjectLineItem;
  undo: () => Promise<unknown>;
}

/**
 * One line per product (issue 22 item 7): a product already in the project with no packaging chosen (as
 * a new line has none) gets the quantity added to that line, as the CSV import does; otherwise a new
 * line. A raise records the user action's key on the line (`xp.addedBy`), so the same action sent again
 * (a retry after a lost answer) finds it applied instead of adding the quantity twice.
 */
async function addOrMerge(token: string, orderId: string, item: ProductQuantity): Promise<Added> {
  const sheet = await projectWorksheet(token, orderId);
  const same = (sheet.LineItems as ProjectLineItem[] | undefined)?.find(
    (line) => line.ProductID === item.productId && !line.xp?.packagingOption,
  );
  if (!same?.ID) {
    const line = (await call(() =>
      LineItems.Create(
        'Outgoing',
        orderId,
        { ProductID: item.productId, Quantity: item.quantity },
        options(token),
      ),
    )) as ProjectLineItem;
    return {
      line,
      undo: () => LineItems.Delete('Outgoing', orderId, line.ID ?? '', options(token)),
    };
  }
  const lineId = same.ID;
  const key = currentActionKey();
  const before = same.Quantity ?? 0;
  if (key && same.xp?.addedBy === key) return { line: same, undo: async () => undefined };
  const line = (await call(() =>
    LineItems.Patch(
      'Outgoing',
      orderId,
      lineId,
      { Quantity: before + item.quantity, ...(key ? { xp: { addedBy: key } } : {}) },
      options(token),
    ),
  )) as ProjectLineItem;
  return {
    line,
    undo: () => LineItems.Patch('Outgoing', orderId, lineId, { Quantity: before }, options(token)),
  };
}

/** AddProductLineItem: the product's line as it is now (a raised existing line, or a new one). */
export async function addLineItem(token: string, orderId: string, item: ProductQuantity) {
  return (await addOrMerge(token, orderId, item)).line;
}

/**
 * Adds several products (each merged into its line, if any); if one is refused, the others are undone.
 * A product named twice is added once with both quantities, so that one action raises a line once.
 */
export async function addProducts(token: string, orderId: string, items: ProductQuantity[]) {
  const combined = new Map<string, number>();
  for (const item of items) combined.set(item.productId, (combined.get(item.productId) ?? 0) + item.quantity);
  const done: Added[] = [];
  try {
    for (const [productId, quantity] of combined)
      done.push(await addOrMerge(token, orderId, { productId, quantity }));
  } catch (error) {
    await undo(done.map((added) => added.undo));
    throw error;
  }
  return projectWorksheet(token, orderId);
}

export function updateLineItemQuantity(token: string, orderId: string, lineItemId: string, quantity: number) {
  return call(() => LineItems.Patch('Outgoing', orderId, lineItemId, { Quantity: quantity }, options(token)));
}

export function deleteLineItem(token: string, orderId: string, lineItemId: string): Promise<void> {
  return call(() => LineItems.Delete('Outgoing', orderId, lineItemId, options(token)));
}

export function setBrand(token: string, orderId: string, brand: string): Promise<Project> {
  return call(() => Orders.Patch<Project>('Outgoing', orderId, { xp: { brand } }, options(token)));
}

/** Sets the packaging option of several lines; if one is refused, the others get their old option back. */
export async function setPackagingOptions(
  token: string,
  orderId: string,
  choices: { lineItemId: string; packagingOption: string }[],
) {
  const worksheet = await projectWorksheet(token, orderId);
  const before = new Map(worksheet.LineItems?.map((line) => [line.ID, line.xp?.packagingOption ?? null]));
  const done: string[] = [];
  try {
    for (const choice of choices) {
      if (!before.has(choice.lineItemId))
        throw new ProjectError(`LineItem ${choice.lineItemId} not found`, 404);
      await call(() =>
        LineItems.Patch(
          'Outgoing',
          orderId,
          choice.lineItemId,
          { xp: { packagingOption: choice.packagingOption } },
          options(token),
        ),
      );
      done.push(choice.lineItemId);
    }
  } catch (error) {
    await undo(
      done.map(
        (id) => () =>
          LineItems.Patch(
            'Outgoing',
            orderId,
            id,
            { xp: { packagingOption: before.get(id) ?? null } },
            options(token),
          ),
      ),
    );
    throw error;
  }
  return projectWorksheet(token, orderId);
}

/**
 * A copy of a project: same name (with the suffix), description, region, brand and lines, unsubmitted.
 * If any line cannot be copied, the copy is deleted again.
 */
export async function duplicateProject(token: string, orderId: string, nameSuffix: string): Promise<Project> {
  const source = await projectWorksheet(token, orderId);
  const xp = (source.Order?.xp ?? {}) as ProjectXp;
  const copy = await createProject(token, {
    ...xp,
    projectName: `${xp.projectName ?? source.Order?.ID ?? ''}${nameSuffix}`,
  });
  const copyId = copy.ID;
  if (!copyId) throw new ProjectError('The commerce service created an order without an ID.', 502);
  try {
    for (const line of source.LineItems ?? []) {
      await call(() =>
        LineItems.Create(
          'Outgoing',
          copyId,
          { ProductID: line.ProductID, Quantity: line.Quantity, xp: line.xp ?? {} },
          options(token),
        ),
      );
    }
  } catch (error) {
    await undo([() => Orders.Delete('Outgoing', copyId, options(token))]);
    throw error;
  }
  return copy;
}

export function submitProject(token: string, orderId: string): Promise<Project> {
  return call(() => Orders.Submit<Project>('Outgoing', orderId, options(token)));
}

/** Runs compensating calls, newest first; a failure is logged (the original error is what the caller sees). */
async function undo(steps: (() => Promise<unknown>)[]): Promise<void> {
  for (const step of steps.reverse()) {
    try {
      await step();
    } catch (error) {
      console.error('[projects] could not undo a partial change:', error);
    }
  }
}
