import { headers } from 'next/headers';
import { storefrontConfig } from '../config';

const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin canonical and alternate links are built on: SITE_ORIGIN when set, else the origin the
 * visitor used (X-Forwarded-Host / Host and X-Forwarded-Proto of this request); a malformed host
 * header gives `http://localhost`.
 */
export async function siteOrigin(): Promise<URL> {
  const configured = storefrontConfig().siteOrigin;
  if (configured) return configured;
  const request = await headers();
  const host = request.get('x-forwarded-host')?.split(',')[0]?.trim() ?? request.get('host') ?? '';
  const proto = request.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https' ? 'https' : 'http';
  return new URL(HOST.test(host) ? `${proto}://${host}` : 'http://localhost');
}
