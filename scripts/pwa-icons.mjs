#!/usr/bin/env node
// Draws the installable console's icons (the web app manifest's 192 and 512 px PNGs) from
// apps/console/sw/app-icon.svg with the local Chromium: no network, no image library. The PNGs
// are committed in apps/console/src/public/icons; run this again only when the drawing changes.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { ensureChromium } from './chromium.mjs';

const svg = readFileSync(fileURLToPath(new URL('../apps/console/sw/app-icon.svg', import.meta.url)), 'utf8');
const out = fileURLToPath(new URL('../apps/console/src/public/icons/', import.meta.url));
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: ensureChromium(), args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const sized = svg.replace('width="512" height="512"', `width="${size}" height="${size}"`);
    await page.setContent(`<html><body style="margin:0">${sized}</body></html>`);
    writeFileSync(`${out}icon-${size}.png`, await page.locator('svg').screenshot({ omitBackground: false }));
    await page.close();
    console.log(`icons/icon-${size}.png`);
  }
} finally {
  await browser.close();
}
