// A plain ES module, not TypeScript: Jest loads its reporters itself, without the transform.

/** Ends the run with the plain 'N passed, N failed, N skipped' line that CI reads, whatever the default reporter prints. */
export default class SummaryLineReporter {
  /**
   * @param {Set<unknown>} _testContexts
   * @param {import('@jest/test-result').AggregatedResult} results
   */
  onRunComplete(_testContexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const line = `\n${results.numPassedTests} passed, ${results.numFailedTests} failed, ${skipped} skipped`;
    // Jest calls its own summary ('Test Suites: ...') after every configured reporter, in
    // the same turn: printing on the next one puts this line after it, last of the run.
    setImmediate(() => console.log(line));
  }
}
