import { afterEach, expect, inject } from 'vitest';
import { page } from 'vitest/browser';

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
