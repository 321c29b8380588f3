#!/usr/bin/env node
// What a signed-out visitor downloads: the scripts index.html loads and everything they import
// statically, in gzip bytes. Lazy chunks (the shell, every feature screen) are not counted.
// Exits non-zero above the budget, so `npm test` fails when the first load grows: 150 KB at issue 17;
// 85 KB since issue 30 item 3 drew the signed-out screens in plain CSS and left Chakra, Emotion and
// i18next to the signed-in chunk (78.6 KB then). The stylesheets it links are printed beside it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The most gzipped JavaScript a signed-out visitor may download, in KB (1,024 bytes). */
export const LOGIN_BUDGET_KB = 85;

const dist = fileURLToPath(new URL('../dist/console', import.meta.url));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((match) => match[1]);
const seen = new Set();
const queue = [...entries];
while (queue.length > 0) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  for (const match of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    queue.push(join(file, '..', match[1]).replace(/\\/g, '/'));
  }
}
let raw = 0;
let gzip = 0;
for (const file of seen) {
  const bytes = readFileSync(join(dist, file));
  raw += bytes.length;
  gzip += gzipSync(bytes, { level: 9 }).length;
}
const gzipKb = gzip / 1024;
console.log(`login screen JavaScript: ${seen.size} file(s), ${(raw / 1024).toFixed(1)} KB raw, ${gzipKb.toFixed(1)} KB gzip (budget ${LOGIN_BUDGET_KB} KB)`);
const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+\.css)"/g)].map((match) => readFileSync(join(dist, match[1])));
const cssRaw = styles.reduce((sum, bytes) => sum + bytes.length, 0);
const cssGzip = styles.reduce((sum, bytes) => sum + gzipSync(bytes, { level: 9 }).length, 0);
console.log(`login screen CSS: ${styles.length} file(s), ${(cssRaw / 1024).toFixed(1)} KB raw, ${(cssGzip / 1024).toFixed(1)} KB gzip (not budgeted)`);
if (gzipKb > LOGIN_BUDGET_KB) {
  console.error(
    `The login screen downloads ${gzipKb.toFixed(1)} KB of gzipped JavaScript, over its ${LOGIN_BUDGET_KB} KB budget: ` +
      'keep what only signed-in screens use out of the entry chunk: the signed-out screens draw without Chakra or i18next (libs/ui/src/login-screen, boot-screen; useSignedOutTexts), and the rest comes in lazy chunks.',
  );
  process.exitCode = 1;
}
