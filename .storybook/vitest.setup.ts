import { afterEach, expect, inject } from 'vitest';
import { page } from 'vitest/browser';
import { configure } from 'storybook/test';

// findBy*/waitFor give up after 1 s by default; on a loaded 2-core CI machine a story's first render
// can take longer (seen: seven stories failing at once under a load of 7). The test's own timeout
// still bounds a story that never shows what it waits for.
configure({ asyncUtilTimeout: 5_000 });

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
