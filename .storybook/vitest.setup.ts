import { afterEach, expect, inject } from 'vitest';
import { page } from 'vitest/browser';
import { configure } from 'storybook/test';
import type { ElementContext, RunOptions } from 'axe-core';

// findBy*/waitFor give up after 1 s by default; on a loaded 2-core CI machine a story's first render
// can take longer (seen: seven stories failing at once under a load of 7). The test's own timeout
// still bounds a story that never shows what it waits for.
configure({ asyncUtilTimeout: 5_000 });

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
const runAxe = axe.run.bind(axe);
/**
 * The light run turns every other rule off rather than naming the colour rules in `runOnly`, which
 * would run them even where a story turned one off (the data table's dimmed Busy state).
 */
const checked = (options: RunOptions = {}): RunOptions => {
  if (inject('visualTheme') !== 'light') return { ...options, resultTypes: ['violations'] };
  const others = axe.getRules().filter(({ ruleId }) => !COLOUR_RULES.includes(ruleId));
  return { ...options, resultTypes: ['violations'], rules: { ...options.rules, ...Object.fromEntries(others.map(({ ruleId }) => [ruleId, { enabled: false }])) } };
};
axe.run = ((context: ElementContext, options?: RunOptions) => runAxe(context, checked(options))) as typeof axe.run;

/**
 * One screenshot per story and theme, taken once the story has rendered and its fonts loaded,
 * compared with the committed baseline (`npm run test:visual:update` rewrites them).
 */
afterEach(async (context) => {
  const storyId = (context.task.meta as { storyId?: string }).storyId;
  if (!storyId || context.task.result?.state === 'fail') return;
  if ((context as { story?: { parameters?: { visual?: { disable?: boolean } } } }).story?.parameters?.visual?.disable) return;
  await document.fonts.ready;
  await expect.element(page.elementLocator(document.body)).toMatchScreenshot(`${storyId}--${inject('visualTheme')}`);
});
