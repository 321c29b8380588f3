import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter, TestCase, TestModule } from 'vitest/node';

interface FileTiming {
  project: string;
  file: string;
  seconds: number;
  tests: number;
}

interface RetriedTest {
  project: string;
  file: string;
  name: string;
  retries: number;
  state: string;
}

/** A story test of a visual project that passed without its screenshot being compared. */
interface UncomparedStory {
  project: string;
  file: string;
  name: string;
}

/**
 * Writes what `npm test` reports after a Vitest step: every test file's own time (the slowest
 * first), every test that needed a retry and every story that passed in a visual project without
 * the screenshot comparison (`meta.visual`, set by .storybook/vitest.setup.ts), to
 * VITEST_TIMINGS_FILE as JSON. Set by
 * scripts/test.mjs; without the variable this reporter writes nothing.
 */
export default class TimingsReporter implements Reporter {
  private readonly files: FileTiming[] = [];
  private readonly retried: RetriedTest[] = [];
  private readonly uncompared: UncomparedStory[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const meta = testCase.meta() as { storyId?: string; visual?: string };
    if (testCase.project.name.startsWith('storybook-') && testCase.result().state === 'passed' && !meta.visual) {
      this.uncompared.push({ project: testCase.project.name, file: testCase.module.relativeModuleId, name: testCase.fullName });
    }
    const diagnostic = testCase.diagnostic();
    if (!diagnostic || diagnostic.retryCount === 0) return;
    this.retried.push({
      project: testCase.project.name,
      file: testCase.module.relativeModuleId,
      name: testCase.fullName,
      retries: diagnostic.retryCount,
      state: testCase.result().state,
    });
  }

  onTestModuleEnd(testModule: TestModule): void {
    const diagnostic = testModule.diagnostic();
    this.files.push({
      project: testModule.project.name,
      file: testModule.relativeModuleId,
      seconds: Number(((diagnostic.duration + diagnostic.setupDuration + diagnostic.collectDuration) / 1000).toFixed(2)),
      tests: [...testModule.children.allTests()].length,
    });
  }

  onTestRunEnd(): void {
    const target = process.env['VITEST_TIMINGS_FILE'];
    if (!target) return;
    mkdirSync(dirname(target), { recursive: true });
    const files = [...this.files].sort((a, b) => b.seconds - a.seconds);
    writeFileSync(target, `${JSON.stringify({ files, retried: this.retried, uncompared: this.uncompared }, null, 2)}\n`);
  }
}
