import { afterAll, afterEach, expect, inject } from 'vitest';
import { page } from 'vitest/browser';
import { configure } from 'storybook/test';
import type { ElementContext, RunOptions } from 'axe-core';
import MockDate from 'mockdate';
import { holdToasts } from '@camposense/ui/testing';

// findBy*/waitFor give up after 1 s by default; on a loaded 2-core CI machine a story's first render
// can take longer (seen: seven stories failing at once under a load of 7), and with VISUAL_PAGES=2
// (vitest-projects.ts) a page gets half the share it had: 5 s was once too short there
// (messages-report Paginated's last page, 4 pages at a load of 11). The test's own timeout
// (30 s) still bounds a story that never shows what it waits for.
configure({ asyncUtilTimeout: 15_000 });

// A toast stays until the story ends, so a loaded page photographs it as its baseline does (toast.tsx).
holdToasts();

/*
 * The accessibility check (addon-a11y's axe run after each story) was the largest part of a
 * story's time: ~285 ms a story, against ~150 ms for the colour-contrast rule alone (measured on
 * the alerts report, shell and user-form stories). What it reports but colours does not depend on
 * the theme, so the dark run checks every rule and the light run only the rules that read colours;
 * both ask axe for violations only, which is all a test reads. The addon calls axe.run itself, so
 * its options are set here, per theme, for the test runs only (Storybook's panel keeps every rule).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
const axe = (await import('axe-core')).default;
/**
 * With `isolate: false` this file runs again before every story file of the page while axe-core
 * stays loaded: the marker keeps one wrapper (they nested, one more per file), and the light run's
 * list of rules to turn off is computed once, not at every check.
 */
const WRAPPED = Symbol.for('camposense.axeRunWrapped');
type WrappedAxe = typeof axe & { [WRAPPED]?: true };
if (!(axe as WrappedAxe)[WRAPPED]) {
  const runAxe = axe.run.bind(axe);
  let othersOff: Record<string, { enabled: false }> | undefined;
  /**
   * The light run turns every other rule off rather than naming the colour rules in `runOnly`, which
   * would run them even where a story turned one off (the data table's dimmed Busy state).
   */
  const checked = (options: RunOptions = {}): RunOptions => {
    if (inject('visualTheme') !== 'light') return { ...options, resultTypes: ['violations'] };
    othersOff ??= Object.fromEntries(
      axe
        .getRules()
        .filter(({ ruleId }) => !COLOUR_RULES.includes(ruleId))
        .map(({ ruleId }) => [ruleId, { enabled: false as const }]),
    );
    return { ...options, resultTypes: ['violations'], rules: { ...options.rules, ...othersOff } };
  };
  axe.run = ((context: ElementContext, options?: RunOptions) => runAxe(context, checked(options))) as typeof axe.run;
  (axe as WrappedAxe)[WRAPPED] = true;
}

/**
 * The real clock back after each story file. The preview's beforeEach fixes Date for every story
 * and Storybook undoes it only when the next story starts, so after a file's last story Date.now()
 * was still FIXTURE_NOW when Vitest's browser runner imported this set-up file for the next file:
 * it names that import `?browserv=<Date.now()>`, so from the second such file on the browser
 * returned the module it had already run, and that file's stories ran with no screenshot hook at
 * all, passing without a baseline (the data table's NarrowPinned in light, the error state's
 * NetworkFailure in both themes). Resetting here runs before the next file's set-up import.
 */
afterAll(() => MockDate.reset());

/**
 * One screenshot per story and theme, taken once the story has rendered and its fonts loaded,
 * compared with the committed baseline (`npm run test:visual:update` rewrites them). The test's
 * `meta.visual` says the comparison was made (or turned off by the story): the timings reporter
 * lists every passed story without it, and `npm test` fails the visual step on any
 * (tools/vitest/timings-reporter.ts), so a story the hook skips cannot pass unseen.
 */
afterEach(async (context) => {
  const meta = context.task.meta as { storyId?: string; visual?: string };
  if (!meta.storyId || context.task.result?.state === 'fail') return;
  if ((context as { story?: { parameters?: { visual?: { disable?: boolean } } } }).story?.parameters?.visual?.disable) {
    meta.visual = 'disabled';
    return;
  }
  await document.fonts.ready;
  const name = `${meta.storyId}--${inject('visualTheme')}`;
  await expect.element(page.elementLocator(document.body)).toMatchScreenshot(name);
  meta.visual = `compared ${name}`;
});
