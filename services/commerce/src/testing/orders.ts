import { Me, Products } from 'ordercloud-javascript-sdk';
import { loginAs } from './sdk';

// biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, read by tests
type Json = any;

/** A raw HTTP client for one token, for what the SDK cannot send (headers, many calls at once). */
export function rawClient(baseUrl: string, token: string) {
  return async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; json: Json; headers: Headers }> => {
    const response = await fetch(`${baseUrl}/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : null, headers: response.headers };
  };
}

/**
 * Products the employee can buy one by one up to `quantity` (QuantityMultiplier 1, no minimum above 1, not
 * restricted), with stock tracking
 * turned off (tests that need stock turn it on themselves). Leaves the SDK logged in as the admin.
 */
export async function buyableProducts(count: number, options: { quantity?: number } = {}): Promise<string[]> {
  const most = options.quantity ?? 1;
  await loginAs('employee');
  const page = await Me.ListProducts({ pageSize: 100 });
  const ids = page.Items.filter(
    (p) =>
      p.QuantityMultiplier === 1 &&
      (p.SpecCount ?? 0) === 0 &&
      (p.PriceSchedule?.PriceBreaks?.length ?? 0) >= 1 &&
      (p.PriceSchedule?.MinQuantity ?? 1) <= 1 &&
      (p.PriceSchedule?.MaxQuantity ?? Number.POSITIVE_INFINITY) >= most &&
      !p.PriceSchedule?.RestrictedQuantity,
  ).map((p) => p.ID as string);
  if (ids.length < count) throw new Error(`only ${ids.length} buyable products for the employee`);
  await loginAs('admin');
  for (const id of ids.slice(0, count)) await Products.Patch(id, { Inventory: { Enabled: false } });
  return ids.slice(0, count);
}
