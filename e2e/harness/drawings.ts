import { request } from 'node:http';
import type { Locator } from 'playwright-core';

/**
 * Checks of the product drawings (`apps/storefront/src/product/drawing-images.ts`) shared by the
 * browser tests: an image that arrived and decoded, and what one costs over the wire.
 */

/** Whether the image has arrived and decoded (a broken or pending one has no natural width). */
export function imageLoaded(image: Locator): Promise<boolean> {
  return image.evaluate((element) => {
    const img = element as HTMLImageElement;
    return img.complete && img.naturalWidth > 0;
  });
}

/** A GET as a browser sends it for an image: the answer's headers and its bytes as they came (compressed). */
export function wireAnswer(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { headers: { accept: 'image/avif,image/webp,image/*,*/*;q=0.8', ...headers } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 0, headers: answer.headers, bytes: Buffer.concat(chunks) }),
        );
        answer.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}
