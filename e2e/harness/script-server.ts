import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptServer {
  url: string;
  /** Paths requested so far (without query string), in order. */
  hits(): string[];
  close(): Promise<void>;
}

/**
 * A local stand-in for third-party script hosts (tag manager, analytics, consent, session recording):
 * every `.js` path answers a script that appends its path to `window.__loadedScripts`, so a test sees
 * both that the browser asked for it and that it ran. Nothing leaves the machine.
 */
export async function startScriptServer(): Promise<ScriptServer> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    hits.push(path);
    response.writeHead(200, {
      'content-type': 'text/javascript; charset=utf-8',
      'access-control-allow-origin': '*',
      'cache-control': 'no-store',
    });
    response.end(`(window.__loadedScripts = window.__loadedScripts || []).push(${JSON.stringify(path)});`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits: () => [...hits],
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
