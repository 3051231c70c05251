import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningSite {
  url: string;
  pid: number;
  /** Everything the server printed so far. */
  output(): string;
  /** SIGTERM, then wait for the process to exit; resolves with its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface SiteOptions {
  dataDir: string;
  env?: Record<string, string>;
  /** How long to wait for "ready" (the first start may build the storefront). */
  timeoutMs?: number;
}

/** Starts `server/src/main.ts` exactly as `npm start` does, on a free port, and waits until it is ready. */
export function startSite({ dataDir, env = {}, timeoutMs = 600_000 }: SiteOptions): Promise<RunningSite> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`site not ready within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /\[server\] ready on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({
          url: match[1].replace('localhost', '127.0.0.1'),
          pid: child.pid ?? -1,
          output: () => output,
          stop: (signal = 'SIGTERM') => stopChild(child, exited, signal),
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`site exited (code ${code}) before it was ready:\n${output}`));
    });
  });
}

async function stopChild(
  child: ChildProcess,
  exited: Promise<number | null>,
  signal: NodeJS.Signals,
): Promise<number | null> {
  if (child.exitCode === null) child.kill(signal);
  return exited;
}

/** A temporary directory removed by the returned function. */
export function temporaryDataDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), `catalogue-${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * An access token of a demo user (password grant, password `Buyer#2026`): of the `storefront` client,
 * or of `clientId` (the seller's staff sign in through `sales-inbox`).
 */
export async function passwordToken(
  site: RunningSite,
  username: string,
  password = 'Buyer#2026',
  clientId = 'storefront',
): Promise<string> {
  const response = await fetch(`${site.url}/ordercloud/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: clientId, username, password }),
  });
  if (!response.ok) throw new Error(`no token for ${username}: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
