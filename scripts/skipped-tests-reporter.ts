/**
 * Lists, at the end of a vitest run, every test that was skipped, by its full name: the name says why (a test
 * that needs PostgreSQL ends in "(PostgreSQL only)"), so a run on the embedded database shows what it left
 * out. A run filtered by name (-t) skips the rest on purpose and lists nothing.
 */
import type { Reporter, TestModule, Vitest } from 'vitest/node';

export default class SkippedTestsReporter implements Reporter {
  private filtered = false;

  onInit(vitest: Vitest): void {
    this.filtered = Boolean(vitest.config.testNamePattern);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (this.filtered) return;
    const skipped: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests('skipped')) {
        // Tests left out because their file's set-up failed are reported with that failure, not here.
        if (test.options.mode !== 'skip' && test.options.mode !== 'todo') continue;
        const note = test.result().note;
        skipped.push(
          `  ${module.project.name}  ${module.relativeModuleId} > ${test.fullName}${note ? ` (${note})` : ''}`,
        );
      }
    }
    if (skipped.length === 0) return;
    console.log(`\nSkipped, ${skipped.length} (each name says why):\n${skipped.join('\n')}\n`);
  }
}
