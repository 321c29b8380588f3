#!/usr/bin/env node
// Every visible component has a story file (architecture.md, "States and stories"): lists the
// component files of the console and the libraries that no story renders, and fails if any.
//
// A component file is a `.tsx` module under apps/console/src or libs/*/src that exports a
// PascalCase function or constant. It needs `<name>.stories.tsx` beside it, its states named by
// state (SHOWN_TOGETHER names the few shown by another file of their folder). Providers draw
// nothing: a file whose every component ends in `Provider` is left out, and so are test helpers
// (`testing/`, `story-*.tsx`) and entry points.
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Components that may still lack a story, each with the reason. Keep this list short and dated:
 * an entry is a debt, not an exemption.
 */
const PENDING = new Map([
  // ['libs/…/some-component.tsx', 'why, and which issue adds its stories'],
]);

/**
 * Components whose states another story file of their folder shows. Empty now: keep it short, a
 * part gets its own stories file when it is reused or its states grow.
 */
const SHOWN_TOGETHER = new Map([
  // ['libs/…/some-part.tsx', 'the-screen.stories.tsx'],
]);

const ENTRY_POINTS = new Set(['apps/console/src/main.tsx']);

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === '__screenshots__') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

function sourceRoots() {
  const roots = [join(root, 'apps/console/src')];
  for (const lib of readdirSync(join(root, 'libs'))) {
    const src = join(root, 'libs', lib, 'src');
    if (existsSync(src)) roots.push(src);
  }
  return roots;
}

const EXPORTED_COMPONENT = /^export\s+(?:default\s+)?(?:function|const)\s+([A-Z][a-z][A-Za-z0-9]*)/gm;

function exportedComponents(source) {
  return [...source.matchAll(EXPORTED_COMPONENT)].map((match) => match[1]);
}

function isStoryOrTest(file) {
  return /\.(stories|test)\.tsx?$/.test(file);
}

function isHelper(path) {
  const relativePath = relative(root, path);
  return relativePath.split('/').includes('testing') || basename(path).startsWith('story-') || ENTRY_POINTS.has(relativePath);
}

export function componentsWithoutStories() {
  const missing = [];
  for (const sourceRoot of sourceRoots()) {
    for (const path of walk(sourceRoot)) {
      if (!path.endsWith('.tsx') || isStoryOrTest(path) || isHelper(path)) continue;
      const components = exportedComponents(readFileSync(path, 'utf8'));
      if (components.length === 0 || components.every((name) => name.endsWith('Provider'))) continue;
      const moduleName = basename(path, '.tsx');
      const folder = dirname(path);
      if (existsSync(join(folder, `${moduleName}.stories.tsx`))) continue;
      const shownBy = SHOWN_TOGETHER.get(relative(root, path));
      if (shownBy && existsSync(join(folder, shownBy))) continue;
      missing.push({ file: relative(root, path), components });
    }
  }
  return missing;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const missing = componentsWithoutStories();
  const failing = missing.filter(({ file }) => !PENDING.has(file));
  for (const { file } of missing.filter(({ file }) => PENDING.has(file))) {
    console.warn(`pending: ${file} (${PENDING.get(file)})`);
  }
  for (const [file] of PENDING) {
    if (!missing.some((entry) => entry.file === file)) {
      console.error(`${file} is listed as pending but needs no entry any more: remove it from PENDING.`);
      failing.push({ file, components: [] });
    }
  }
  if (failing.length === 0) {
    console.info('Every visible component has a story file.');
    process.exit(0);
  }
  for (const { file, components } of failing.filter(({ components }) => components.length > 0)) {
    console.error(`no story renders ${components.join(', ')} (${file}): add ${file.replace(/\.tsx$/, '.stories.tsx')}`);
  }
  process.exit(1);
}
