import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with one plain line, `Summary: N passed, N failed, N skipped`, that CI and people can
 * read without knowing Vitest's own format. Tests that passed only on a retry (the browser project
 * retries once on CI) are counted as passed and named above the line, so a flaky test stays visible.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const flaky: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') {
          passed++;
          if (test.diagnostic()?.flaky)
            flaky.push(`${module.moduleId.split('/').slice(-2).join('/')} > ${test.fullName}`);
        } else if (state === 'failed') failed++;
        else skipped++;
      }
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed++;
    }
    for (const name of flaky) console.log(`Flaky (passed on a retry): ${name}`);
    const retried = flaky.length > 0 ? ` (${flaky.length} after a retry)` : '';
    console.log(`\nSummary: ${passed} passed${retried}, ${failed} failed, ${skipped} skipped`);
  }
}
