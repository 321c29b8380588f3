import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resources } from '@camposense/i18n/full';

/*
 * A screen draws with the shell's texts and its own feature's namespace only (libs/i18n/src/
 * namespaces.ts): a key a feature's code names must be in the shell or in that feature's namespace,
 * and a key the shell's code names (ui, data-access, the console app) in the shell. Otherwise the
 * text shows as its key on a screen that has not loaded the other namespace, which stories (every
 * text at once) would never show.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
type Tree = { [key: string]: string | Tree };
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`)));

const namespaceKeys = Object.fromEntries(Object.entries(resources.es).map(([namespace, tree]) => [namespace, new Set(keysOf(tree as Tree))]));
const allKeys = Object.values(namespaceKeys).flatMap((keys) => [...keys]);

const CODE = [
  { folder: 'libs/ui/src', namespace: 'shell' },
  { folder: 'libs/data-access/src', namespace: 'shell' },
  { folder: 'apps/console/src', namespace: 'shell' },
  { folder: 'libs/feature-reports/src', namespace: 'reports' },
  { folder: 'libs/feature-parameters/src', namespace: 'parameters' },
  { folder: 'libs/feature-thresholds/src', namespace: 'thresholds' },
  { folder: 'libs/feature-settings/src', namespace: 'settings' },
];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|stories)\.tsx?$/.test(name) ? [path] : [];
  });

const PLURAL = /^_(zero|one|two|few|many|other)$/;

/** The dictionary keys a file names: whole keys (and their plural forms), and the keys under a `prefix.${…}` template. */
function keysNamedIn(text: string): string[] {
  const named = new Set<string>();
  for (const [, literal = '', dot] of text.matchAll(/['"`]([a-zA-Z][a-zA-Z0-9_]*(?:\.[a-zA-Z0-9_]+)*)(\.?)(?=['"`]|\$\{)/g)) {
    for (const key of allKeys) {
      const matches = dot ? key.startsWith(`${literal}.`) : key === literal || (key.startsWith(literal) && PLURAL.test(key.slice(literal.length)));
      if (matches) named.add(key);
    }
  }
  return [...named];
}

describe('i18n namespaces', () => {
  it.each(CODE)('$folder names only keys of the shell or of its own namespace ($namespace)', ({ folder, namespace }) => {
    const misplaced: string[] = [];
    for (const file of sourceFiles(join(root, folder))) {
      for (const key of keysNamedIn(readFileSync(file, 'utf8'))) {
        if (!namespaceKeys['shell']?.has(key) && !namespaceKeys[namespace]?.has(key)) misplaced.push(`${relative(root, file)}: ${key}`);
      }
    }
    expect(misplaced).toEqual([]);
  });

  it('the scan sees a key named whole, by plural and under a template prefix', () => {
    expect(keysNamedIn("t('reports.pager.next')")).toEqual(['reports.pager.next']);
    expect(keysNamedIn("t('parameters.records', { count })")).toEqual(['parameters.records_one', 'parameters.records_other']);
    expect(keysNamedIn('t(`reports.pager.${which}`)')).toContain('reports.pager.last');
  });
});
