import type { Service } from './service';

/**
 * The services this process serves, for code of the same process that calls them without a network hop —
 * the storefront's server code, which Next.js bundles with its own copy of this module, hence a registered
 * symbol on `globalThis` (as `@catalogue/db/shared` does for the database).
 */
const KEY = Symbol.for('catalogue.sharedServices');

type Holder = { [KEY]?: ReadonlyMap<string, Service> };

export function setSharedServices(services: readonly Service[] | null): void {
  const holder = globalThis as Holder;
  if (services) holder[KEY] = new Map(services.map((s) => [s.name, s]));
  else delete holder[KEY];
}

/**
 * Sends `request` (its path relative to the service, e.g. `/graphql`) to the named service: to
 * `baseUrl` over HTTP when given (a deployment whose services run elsewhere), else to the instance this
 * process serves.
 */
export async function callService(
  name: string,
  path: string,
  init: RequestInit,
  baseUrl?: string | null,
): Promise<Response> {
  if (baseUrl) return fetch(`${baseUrl.replace(/\/+$/, '')}${path}`, init);
  const service = (globalThis as Holder)[KEY]?.get(name);
  if (!service) {
    throw new Error(`The ${name} service is not served by this process: start the site with \`npm start\`.`);
  }
  return service.fetch(new Request(`http://in-process${service.basePath}${path}`, init));
}
