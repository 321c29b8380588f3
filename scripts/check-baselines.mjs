#!/usr/bin/env node
// Every story has a committed screenshot baseline in both themes: lists every story × theme whose
// PNG is missing beside its stories file, and fails if any. The visual run compares each story with
// its baseline and fails on a missing one, but a full run once passed stories whose light baseline
// did not exist (docs/contributing.md, "Checks"); this check does not depend on the run reaching
// the comparison.
//
// The baseline's name is what `.storybook/vitest.setup.ts` asks `toMatchScreenshot` for,
// `<story id>--<theme>`, as Vitest writes it: `__screenshots__/<file>/<name>-chromium-linux.png`,
// runs of non-word characters dropped and dashes collapsed. A story whose declaration sets
// `visual: { disable: true }` has no screenshot, and a story tagged `!test` no test.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCsf } from 'storybook/internal/csf-tools';

const root = fileURLToPath(new URL('..', import.meta.url));
const THEMES = ['dark', 'light'];
const VISUAL_OFF = /visual\s*:\s*\{\s*disable\s*:\s*true/;

function* storyFiles(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === '__screenshots__') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* storyFiles(path);
    else if (/\.stories\.tsx?$/.test(name)) yield path;
  }
}

const sanitize = (input) => input.replace(/\s+/g, '-').replace(/[^\w-]+/g, '').replace(/-{2,}/g, '-');

/** The baseline file a story's screenshot in one theme is compared with. */
const baselinePath = (storyFile, storyId, theme) =>
  join(dirname(storyFile), '__screenshots__', basename(storyFile), `${sanitize(`${storyId}--${theme}`)}-chromium-linux.png`);

/** Every story that the visual run screenshots, with its file and id. */
function screenshotStories() {
  const roots = [join(root, 'apps/console/src'), ...readdirSync(join(root, 'libs')).map((lib) => join(root, 'libs', lib, 'src'))].filter(existsSync);
  const stories = [];
  for (const sourceRoot of roots) {
    for (const file of storyFiles(sourceRoot)) {
      const code = readFileSync(file, 'utf8');
      const csf = loadCsf(code, { fileName: file, makeTitle: (title) => title }).parse();
      for (const input of csf.indexInputs) {
        if (input.tags?.includes('!test')) continue;
        const statement = csf._storyStatements[input.exportName];
        if (statement && VISUAL_OFF.test(code.slice(statement.start, statement.end))) continue;
        stories.push({ file, exportName: input.exportName, id: input.__id });
      }
    }
  }
  return stories;
}

function missingBaselines(stories) {
  return stories.flatMap((story) =>
    THEMES.map((theme) => ({ ...story, theme, baseline: baselinePath(story.file, story.id, theme) })).filter(({ baseline }) => !existsSync(baseline)),
  );
}

const stories = screenshotStories();
const missing = missingBaselines(stories);
if (missing.length > 0) {
  console.error(`${missing.length} screenshot baseline(s) missing (write a new story's with --update=new, look at it, commit it):`);
  for (const { file, exportName, theme, baseline } of missing) console.error(`  ${relative(root, file)} › ${exportName} (${theme}): ${relative(root, baseline)}`);
  process.exit(1);
}
console.log(`Every story has its baseline in both themes (${stories.length} stories × ${THEMES.length} themes).`);
