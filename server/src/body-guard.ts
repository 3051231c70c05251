import { IncomingMessage } from 'node:http';

/**
 * Request bodies on their way to Next (issue 20 item 8). Next's route handlers (`/api/*`) read a JSON body
 * whole into memory, whatever its size; and Next reads every `multipart/form-data` POST to a page as a
 * server action's form — also to a path no route matches — answering 500 when the body is not the multipart
 * its Content-Type announces, or is larger than its 1 MB action limit. So the single server reads every
 * body first (at most `maxBytes`), checks that a form parses as one, and hands Next a copy of the request
 * with the same bytes; a body that is too large, or a form that does not parse, is refused before Next
 * sees it. (Routes with smaller limits of their own — the CSV import, `/api/sendEmail` — keep them.)
 */
export type BodyCheck =
  | { ok: true; request: IncomingMessage }
  | { ok: false; status: 400 | 413; message: string };

/** True for a request that carries a body (a length above zero, or a chunked one). */
export function hasBody(req: IncomingMessage): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return false;
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}

const isForm = (req: IncomingMessage) => /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '');

export async function checkBody(req: IncomingMessage, maxBytes: number): Promise<BodyCheck> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes) return tooLarge(req, maxBytes);
  const body = await readAtMost(req, maxBytes);
  if (!body) return tooLarge(req, maxBytes);
  if (req.method !== 'POST' || !isForm(req)) return { ok: true, request: withBody(req, body) };
  try {
    // The parser Next itself uses for a form without JavaScript (undici's).
    await new Response(new Uint8Array(body), {
      headers: { 'content-type': req.headers['content-type'] ?? '' },
    }).formData();
  } catch {
    return {
      ok: false,
      status: 400,
      message: 'The form cannot be read: its body is not the multipart form it announces.',
    };
  }
  return { ok: true, request: withBody(req, body) };
}

/**
 * The body, or null once it passes `maxBytes` (the rest is left unread). Read with events, not an async
 * iterator, which would destroy the request — and with it the socket the answer still has to use.
 */
function readAtMost(req: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      req.off('data', onData).off('end', onEnd).pause();
      resolve(null);
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    req
      .on('data', onData)
      .on('end', onEnd)
      .once('error', reject)
      .once('aborted', () => reject(new Error('aborted')));
  });
}

function tooLarge(req: IncomingMessage, maxBytes: number): BodyCheck {
  // The rest of the body is not read: the connection cannot carry another request.
  req.resume();
  return { ok: false, status: 413, message: `The request body is larger than ${maxBytes} bytes.` };
}

/**
 * The request a refused body to a page becomes: a GET of `path` (the site's 404 page), without body.
 */
export function refusedBodyPage(req: IncomingMessage, path: string): IncomingMessage {
  const {
    'content-type': _type,
    'content-length': _length,
    'transfer-encoding': _encoding,
    ...headers
  } = req.headers;
  return withBody(req, Buffer.alloc(0), { method: 'GET', url: path, headers });
}

/** A request like `req` (same socket, method, URL and headers unless given) whose body is `body`, complete. */
function withBody(
  req: IncomingMessage,
  body: Buffer,
  as: { method?: string; url?: string; headers?: IncomingMessage['headers'] } = {},
): IncomingMessage {
  const copy = new IncomingMessage(req.socket);
  copy.method = as.method ?? req.method;
  copy.url = as.url ?? req.url;
  copy.headers = as.headers ?? req.headers;
  copy.rawHeaders = req.rawHeaders;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  if (body.length > 0) copy.push(body);
  copy.push(null);
  // Whole already: a message not marked complete counts as aborted when it ends, and takes its socket along.
  copy.complete = true;
  return copy;
}
