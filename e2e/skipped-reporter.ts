/**
 * The list reporter marks a skipped journey with a dash and no reason: this one lists every skipped journey
 * at the end of the run with the reason given to test.skip(condition, reason).
 */
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class SkippedReporter implements Reporter {
  private readonly skipped: string[] = [];

  printsToStdio(): boolean {
    return true;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'skipped') return;
    const reasons = [...test.annotations, ...result.annotations]
      .filter((a) => a.type === 'skip' || a.type === 'fixme')
      .map((a) => a.description ?? a.type);
    const reason = [...new Set(reasons)].join('; ') || 'no reason given';
    this.skipped.push(`  ${test.titlePath().filter(Boolean).join(' › ')}: ${reason}`);
  }

  onEnd(): void {
    if (this.skipped.length === 0) return;
    console.log(`\nSkipped, ${this.skipped.length}:\n${this.skipped.join('\n')}`);
  }
}
