import { request } from 'node:http';

export interface Answer {
  status: number;
  body: Record<string, unknown> | null;
  retryAfter: number | null;
}

/**
 * A form POST sent from another loopback address (127.0.0.2, 127.0.0.3, …: Linux routes all of 127/8 to
 * the loopback interface), so the service sees a client of its own address, as it would on a network.
 */
export function postFormFrom(
  localAddress: string,
  url: string,
  form: Record<string, string>,
): Promise<Answer> {
  return sendFrom(
    localAddress,
    url,
    'application/x-www-form-urlencoded',
    new URLSearchParams(form).toString(),
  );
}

/** A JSON POST sent from another loopback address. */
export function postJsonFrom(localAddress: string, url: string, body: unknown): Promise<Answer> {
  return sendFrom(localAddress, url, 'application/json', JSON.stringify(body));
}

function sendFrom(localAddress: string, url: string, type: string, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'content-type': type, 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => {
          const retry = response.headers['retry-after'];
          resolve({
            status: response.statusCode ?? 0,
            body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
            retryAfter: retry ? Number(retry) : null,
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
