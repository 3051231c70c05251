import { headers } from 'next/headers';
import { PATH_HEADER, pathFromHeader } from '../routing/locale-header';

/** The locale-neutral path of the requested page as the proxy passed it (`/products/x`). */
export async function requestPath(): Promise<string> {
  return pathFromHeader((await headers()).get(PATH_HEADER));
}
