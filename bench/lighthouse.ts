import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS, launchBrowser } from '../e2e/harness/browser';
import { logInThroughThePage } from '../e2e/harness/project-journey';
import type { RunningSite } from '../e2e/harness/site';
import { describeMachine, median, today } from './machine';
import { benchPages, withBenchSite } from './pages';

/**
 * `npm run bench -- lighthouse`: Lighthouse 12 (its default mobile profile: Moto G Power viewport,
 * simulated slow 4G and 4× CPU slowdown) in Debian's Chromium against a locally started single server, for
 * the pages of `benchPages` (home, families with and without a calculator, a product page) and BENCH_PATHS.
 * Each page is requested once before (so Lighthouse gets the cached page, as visitors do) and measured
 * RUNS times with a fresh browser profile; the table shows medians. `npm run bench -- lighthouse-desktop`:
 * the same with Lighthouse's desktop preset, plus the account page of a logged-in buyer (issue 22).
 */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

interface Figures {
  performance: number;
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
  /** Bytes of JavaScript transferred (compressed) on the first load. */
  scriptBytes: number;
  scriptCount: number;
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

/** Lighthouse's default mobile profile, or its desktop preset (issue 22's goals are on the desktop preset). */
export type Preset = 'mobile' | 'desktop';

async function measure(url: string, preset: Preset, cookie: string | null): Promise<Figures> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_ARGS,
  });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const details = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
    const scripts = (details?.items ?? []).filter((item) => item.resourceType === 'Script');
    // BENCH_LIGHTHOUSE_DETAILS=1: what was loaded and what kept the main thread busy, per run.
    if (process.env.BENCH_LIGHTHOUSE_DETAILS) {
      const items = (id: string) =>
        ((lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []).slice(
          0,
          12,
        );
      console.log(url, {
        scripts: scripts.map((item) => `${(item as { url?: string }).url} ${item.transferSize}`),
        bootup: items('bootup-time').map(
          (i) => `${i.url} total ${Math.round(Number(i.total))} script ${Math.round(Number(i.scripting))}`,
        ),
        longTasks: items('long-tasks').map(
          (i) => `${i.url} at ${Math.round(Number(i.startTime))} for ${Math.round(Number(i.duration))}`,
        ),
        mainThread: items('mainthread-work-breakdown').map(
          (i) => `${i.groupLabel ?? i.group} ${Math.round(Number(i.duration))}`,
        ),
      });
    }
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: numeric('largest-contentful-paint'),
      cls: numeric('cumulative-layout-shift'),
      tbt: numeric('total-blocking-time'),
      fcp: numeric('first-contentful-paint'),
      scriptBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      scriptCount: scripts.length,
    };
  } finally {
    chrome.kill();
  }
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The session cookies of a demo buyer logged in through the login page (the account page needs them). */
async function buyerCookie(site: RunningSite): Promise<string> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await logInThroughThePage(page, site, 'engineer', 'Buyer#2026', '/');
    return (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  } finally {
    await browser.close();
  }
}

export async function lighthouseBench(preset: Preset = 'mobile'): Promise<string> {
  return withBenchSite(async (site) => {
    const pages = [
      ...(await benchPages(site)).map((page) => ({ ...page, cookie: null as string | null })),
      // The desktop run adds the logged-in account page (issue 22).
      ...(preset === 'desktop'
        ? [{ label: 'account (logged in)', path: '/account', cookie: await buyerCookie(site) }]
        : []),
    ];
    const rows: string[] = [];
    const verdicts: string[] = [];
    for (const page of pages) {
      const url = `${site.url}${page.path}`;
      await (await fetch(url, { headers: page.cookie ? { cookie: page.cookie } : {} })).arrayBuffer();
      const runs: Figures[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await measure(url, preset, page.cookie));
      const m = (pick: (f: Figures) => number) => median(runs.map(pick));
      const figures = {
        performance: m((f) => f.performance),
        lcp: m((f) => f.lcp),
        cls: m((f) => f.cls),
        tbt: m((f) => f.tbt),
        fcp: m((f) => f.fcp),
        scriptBytes: m((f) => f.scriptBytes),
        scriptCount: m((f) => f.scriptCount),
      };
      rows.push(
        `| ${page.label} (\`${page.path}\`) | ${figures.performance} | ${seconds(figures.lcp)} | ${figures.cls.toFixed(3)} | ${Math.round(figures.tbt)} ms | ${seconds(figures.fcp)} | ${kb(figures.scriptBytes)} in ${figures.scriptCount} files |`,
      );
      const met = (ok: boolean) => (ok ? 'met' : '**not met**');
      verdicts.push(
        `| ${page.label} | ${met(figures.performance >= 95)} | ${met(figures.lcp <= 1200)} | ${met(figures.cls <= 0.02)} | ${met(figures.scriptBytes <= 130_000)} |`,
      );
    }
    return [
      preset === 'desktop'
        ? `### Lighthouse, desktop preset (issue 22) — ${today()}`
        : `### Lighthouse, mobile profile (issue 7) — ${today()}`,
      '',
      `Machine: ${describeMachine()}, load average ${loadavg()[0]?.toFixed(1)} when it ended. Lighthouse 12, Chromium \`${CHROMIUM_ARGS.join(' ')}\`, ${preset === 'desktop' ? "Lighthouse's desktop preset" : 'default mobile profile'} (simulated throttling), median of ${RUNS} runs per page, single server on PGlite (3,000 SKUs) on the same machine, page cached before the runs (the account page is rendered per request).`,
      '',
      '| page | performance | LCP | CLS | TBT | FCP | JavaScript transferred, first load |',
      '|---|---|---|---|---|---|---|',
      ...rows,
      '',
      `| goal (${preset === 'desktop' ? 'issue 22' : 'issue 7, item 6'}) | performance ≥ 95 | LCP ≤ 1.2 s | CLS ≤ 0.02 | JS ≤ 130 KB compressed |`,
      '|---|---|---|---|---|',
      ...verdicts,
    ].join('\n');
  });
}
