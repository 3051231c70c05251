import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Spreads the browser test files evenly through the run instead of leaving them for the end. Each of
 * them starts a whole site and drives Chromium for tens of seconds while the other worker runs
 * database and unit test files, so both cores stay busy and rarely run two sites at once. The first
 * browser file goes first: on a fresh clone it builds the storefront while the other tests run.
 */
export default class SpreadBrowserTests extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = sorted.filter((file) => file.project.name === 'e2e');
    const rest = sorted.filter((file) => file.project.name !== 'e2e');
    if (browser.length === 0) return sorted;
    const every = rest.length / browser.length;
    const spread: TestSpecification[] = [];
    let next = 0;
    rest.forEach((file, index) => {
      while (next < browser.length && index >= next * every)
        spread.push(browser[next++] as TestSpecification);
      spread.push(file);
    });
    spread.push(...browser.slice(next));
    return spread;
  }
}
