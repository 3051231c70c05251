import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { submitLoginForm } from './project-journey';
import type { RunningSite } from './site';

/**
 * Where a submitted project arrives (issue 9 items 3 and 4): the quote email the outbox worker writes
 * under `$DATA_DIR/mail/` (the embedded transport, no SMTP_URL), and the seller's sales inbox.
 */

/** The `.eml` files in the site's mail folder. */
export async function mailFiles(dataDir: string): Promise<string[]> {
  return (await readdir(path.join(dataDir, 'mail')).catch(() => [] as string[])).filter((n) =>
    n.endsWith('.eml'),
  );
}

/** Waits (up to a minute) for the quote email whose subject names the project, and parses it. */
export async function quoteMail(
  dataDir: string,
  projectName: string,
  skip: string[] = [],
): Promise<ParsedMail> {
  let found: ParsedMail | null = null;
  await expect
    .poll(
      async () => {
        for (const name of (await mailFiles(dataDir)).filter((n) => !skip.includes(n))) {
          const parsed = await simpleParser(await readFile(path.join(dataDir, 'mail', name)));
          if (parsed.subject?.includes(projectName)) found = parsed;
        }
        return found !== null;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(true);
  return found as unknown as ParsedMail;
}

/**
 * Logs the seller's administrator in through the login page (sent there by `/sales`) and returns the
 * inbox row of the project once it is listed.
 */
export async function salesInboxRow(
  browser: Browser,
  site: RunningSite,
  projectId: string,
): Promise<{ context: BrowserContext; page: Page; row: Locator }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${site.url}/sales`);
  await page.waitForURL(/\/login\?/);
  expect(new URL(page.url()).searchParams.get('redirectURI')).toBe('/sales');
  await submitLoginForm(page, 'admin', 'Admin#2026');
  await page.waitForURL((url) => url.pathname === '/sales');
  const row = page.locator(`.sales__table tbody tr[data-order-id="${projectId}"]`);
  await row.waitFor();
  return { context, page, row };
}
