import { Catalogs, PriceSchedules, Products } from 'ordercloud-javascript-sdk';
import { rawClient } from './orders';
import { loginAs } from './sdk';

/** Helpers of the quote tests (docs/quotes-wire.md): products with known price breaks, and projects. */

export type Client = ReturnType<typeof rawClient>;

/**
 * Products `{prefix}-A` and `{prefix}-B` in the US catalogue (ACME-US's) on price schedule `{prefix}-ps`:
 * 10.00 from 1, 8.50 from 10, 7.00 from 100; stock tracking off. Leaves the SDK logged in as the admin.
 */
export async function quoteProducts(prefix: string): Promise<[string, string]> {
  await loginAs('admin');
  await PriceSchedules.Create({
    ID: `${prefix}-ps`,
    Name: `${prefix} prices`,
    PriceBreaks: [
      { Quantity: 1, Price: 10 },
      { Quantity: 10, Price: 8.5 },
      { Quantity: 100, Price: 7 },
    ],
  });
  const ids: [string, string] = [`${prefix}-A`, `${prefix}-B`];
  for (const id of ids) {
    await Products.Create({
      ID: id,
      Name: `Quoted part ${id}`,
      Active: true,
      DefaultPriceScheduleID: `${prefix}-ps`,
      Inventory: { Enabled: false },
    });
    await Catalogs.SaveProductAssignment({ CatalogID: 'catalog-us', ProductID: id });
  }
  return ids;
}

/** A project (an order with `xp.projectName`) of the client's user with these lines, submitted. */
export async function submitProject(
  buyer: Client,
  name: string,
  lines: { ProductID: string; Quantity: number }[],
): Promise<{ id: string; lineIds: string[] }> {
  const order = await buyer('POST', '/orders/Outgoing', { xp: { projectName: name, regionName: 'US' } });
  if (order.status !== 201) throw new Error(`project: ${JSON.stringify(order.json)}`);
  const lineIds: string[] = [];
  for (const line of lines) {
    const added = await buyer('POST', `/orders/Outgoing/${order.json.ID}/lineitems`, line);
    if (added.status !== 201) throw new Error(`line: ${JSON.stringify(added.json)}`);
    lineIds.push(added.json.ID);
  }
  const submitted = await buyer('POST', `/orders/Outgoing/${order.json.ID}/submit`);
  if (submitted.status !== 201 && submitted.status !== 200) {
    throw new Error(`submit: ${JSON.stringify(submitted.json)}`);
  }
  return { id: order.json.ID, lineIds };
}

/** A client for a demo user. */
export async function clientFor(baseUrl: string, username: string): Promise<Client> {
  return rawClient(baseUrl, await loginAs(username));
}

export const inDays = (days: number, from = Date.now()) => new Date(from + days * 86_400_000).toISOString();
