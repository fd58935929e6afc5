import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Ends the run with the same plain 'N passed, N failed, N skipped' line the unit suites print. */
export default class SummaryLineReporter implements Reporter {
  private readonly outcomes = new Map<TestCase, TestResult['status']>();

  onTestEnd(test: TestCase, result: TestResult): void {
    this.outcomes.set(test, result.status);
  }

  onEnd(_result: FullResult): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const status of this.outcomes.values()) {
      if (status === 'passed') counts.passed += 1;
      else if (status === 'skipped') counts.skipped += 1;
      else counts.failed += 1;
    }
    console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
