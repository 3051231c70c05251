import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** The flags this workplace's closed network and sandbox need (see DEVELOPERS.md). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Headless Chromium whose pages' `goto` and `reload` also wait until React is listening on the page.
 * Pages paint before the framework loads (server/src/paint-first.ts), so the load event no longer means
 * that React has started; a button that only works with JavaScript does nothing when clicked before. Once
 * React listens, it hydrates whatever is clicked first and replays the click.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => waitingForReact(await newContext(...args));
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args) => waitForReactOnLoad(await newPage(...args));
  return browser;
}

function waitingForReact(context: BrowserContext): BrowserContext {
  const newPage = context.newPage.bind(context);
  context.newPage = async () => waitForReactOnLoad(await newPage());
  return context;
}

function waitForReactOnLoad(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await reactHydrated(page);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args) => {
    const response = await reload(...args);
    await reactHydrated(page);
    return response;
  };
  return page;
}

/**
 * A Next page (it has the RSC payload) once React has hydrated it and rendered what its first effects
 * asked for (`<html data-hydrated>`, `components/hydrated-mark.tsx`); any other document at once. Only
 * listening is not enough: a value typed into a field that hydrates later can be replaced by its state.
 */
async function reactHydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !('__next_f' in self) || document.documentElement.hasAttribute('data-hydrated'),
    undefined,
    { timeout: 15_000 },
  );
}

/** `page.goto` without waiting for React (the pages of `launchBrowser` wait): for a page whose scripts never run. */
export function gotoWithoutReact(page: Page, url: string): ReturnType<Page['goto']> {
  const original = (Object.getPrototypeOf(page) as Page).goto;
  return original.call(page, url);
}
