import { tablesInGroup, TABLE_GROUPS } from '@camposense/domain';
import { es } from '@camposense/i18n/full';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, baseUrl, DESKTOP, OPERATOR_EMAIL, openSignedIn, PHONE } from './support/session';
import type { Viewport } from './support/session';

/*
 * Issue 28 item 6, "fits the screen", on the production build: every table screen of the console
 * at the narrowest desktop the console supports (1280 × 800), the usual one (1440 × 900) and a
 * phone (390 × 844), scoped to one farm (the scope chip is the header's longest neighbour of the
 * breadcrumb). On each: the page never scrolls sideways (a table scrolls inside its own frame,
 * which itself fits), and every crumb shown is whole, but for a middle crumb cut short that keeps
 * its full text as its title. On a phone the header names the table.
 */

const NARROW_DESKTOP: Viewport = { width: 1280, height: 800 };

/** The parameters tables, in the sidebar's order, by the name it gives them (and their status views' tables: "Registros de …"). */
const PARAMETERS_TABLES: Record<string, string> = Object.fromEntries(
  TABLE_GROUPS.flatMap((group) => tablesInGroup(group)).map(({ name }) => [name, es.tables[name]]),
);

/** A screen of the walk: where it is, what shows it has loaded, and the name its phone header gives. */
interface TableScreen {
  path: string;
  /** Resolves once the screen's table (or, on a phone, its cards) is drawn with its rows. */
  loaded: (page: Page, phone: boolean) => Promise<void>;
  phoneName: string;
}

const idle = (selector: string) => (page: Page) => page.locator(`${selector}[aria-busy="false"]`).first().waitFor({ timeout: 30_000 });
const table = (name: string) => (page: Page) => page.getByRole('table', { name, exact: true }).waitFor({ timeout: 30_000 });

const READER_SCREENS: TableScreen[] = [
  ...Object.entries(PARAMETERS_TABLES).map(([id, name]) => ({
    path: `/parameters/${id}/status`,
    loaded: idle(`table[aria-label="Registros de ${name}"]`),
    phoneName: name,
  })),
  { path: '/umbrales', loaded: table('Umbrales'), phoneName: 'Umbrales' },
  {
    path: '/reportes/alertas',
    loaded: (page, phone) => idle(phone ? 'ul[aria-label="Alertas"]' : 'table[aria-label="Alertas"]')(page),
    phoneName: 'ALERTAS',
  },
  {
    path: '/reportes/mensajes',
    loaded: (page, phone) => idle(phone ? 'ul[aria-label="Mensajes"]' : 'table[aria-label="Mensajes"]')(page),
    phoneName: 'MENSAJES',
  },
  {
    path: '/dashboard',
    loaded: (page) => page.getByRole('group', { name: /filtros/i }).first().waitFor({ timeout: 30_000 }),
    phoneName: 'DASHBOARD',
  },
];

/** The massive views (write operations: an admin's). */
const ADMIN_SCREENS: TableScreen[] = [
  ...['sensor', 'metricasensor'].map((id) => ({
    path: `/parameters/${id}/massive`,
    // Each table's bulk form: its grid of rows, or its own fields (the sensors' replicate).
    loaded: (page: Page) => page.locator('main').locator('table, input').first().waitFor({ timeout: 30_000 }),
    phoneName: PARAMETERS_TABLES[id]!,
  })),
  {
    path: '/parameters/umbral/massive',
    loaded: (page: Page) => page.getByRole('heading', { name: 'Umbrales por fundo y entidad' }).waitFor({ timeout: 30_000 }),
    phoneName: 'Umbral',
  },
];

/**
 * Scopes the session to the demo's first farm the way the console keeps it (its sessionStorage
 * entry, read at start) and reloads, so every screen of the walk has the scope chip in its header.
 */
async function scopeToFirstFarm(page: Page) {
  await page.evaluate(() => sessionStorage.setItem('camposense.globalFilters', JSON.stringify({ paisId: 1, empresaId: 1, fundoId: 1 })));
  await page.reload();
}

/**
 * Goes to `path` inside the running console: the address changes and the console follows it as it
 * follows the browser's back button (popstate), without reloading the bundle for each screen.
 */
async function goTo(page: Page, path: string) {
  await page.evaluate((next) => {
    window.history.pushState(null, '', next);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** What does not fit on the screen shown, as readable lines; empty when everything fits. */
function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page is ${root.scrollWidth} px wide in ${root.clientWidth}`);
    const main = document.querySelector('main');
    if (!main) return ['no main'];
    if (main.scrollWidth > main.clientWidth) problems.push(`the content is ${main.scrollWidth} px wide in ${main.clientWidth}`);
    const header = document.querySelector('header');
    if (header && header.scrollWidth > header.clientWidth) problems.push(`the header is ${header.scrollWidth} px wide in ${header.clientWidth}`);

    // A table may be wider than the screen only inside a frame of its own that scrolls, and fits.
    const mainBox = main.getBoundingClientRect();
    for (const table of main.querySelectorAll('table')) {
      if (table.getBoundingClientRect().width === 0) continue;
      const name = table.getAttribute('aria-label') ?? 'a table';
      let frame = table.parentElement;
      while (frame && frame !== main && !['auto', 'scroll'].includes(getComputedStyle(frame).overflowX)) frame = frame.parentElement;
      if (!frame || frame === main) {
        if (table.getBoundingClientRect().right > mainBox.right + 1) problems.push(`${name} runs past the content, with no frame of its own`);
        continue;
      }
      const box = frame.getBoundingClientRect();
      if (box.right > mainBox.right + 1 || box.left < mainBox.left - 1) problems.push(`the frame of ${name} runs past the content`);
    }

    // Every crumb shown is whole, or a middle one cut short that keeps its full text as its title.
    const breadcrumb = document.querySelector('header nav');
    // The crumbs in order, hidden ones included (a phone shows the table's only): the first and
    // the last of them stay whole wherever they show; those between may be cut, with a title.
    const crumbs = [...(breadcrumb?.querySelectorAll('li') ?? [])]
      .map((item) => ({ item, link: item.firstElementChild }))
      // A separator's child is its icon (an SVG element), a crumb's its text.
      .filter((crumb): crumb is { item: HTMLLIElement; link: HTMLElement } => crumb.link instanceof HTMLElement && (crumb.link.textContent ?? '') !== '');
    const shown = crumbs.filter(({ item }) => getComputedStyle(item).display !== 'none');
    if (shown.length === 0) problems.push('the breadcrumb shows nothing');
    crumbs.forEach(({ item, link }, index) => {
      if (getComputedStyle(item).display === 'none') return;
      const text = link.innerText.trim();
      if (link.clientWidth === 0) problems.push(`the crumb ${text} vanished`);
      else if (link.scrollWidth > link.clientWidth) {
        const middle = index > 0 && index < crumbs.length - 1;
        if (!middle) problems.push(`the crumb ${text} is cut (${link.scrollWidth} px in ${link.clientWidth})`);
        else if (link.title !== text) problems.push(`the cut crumb ${text} has no title with its full text`);
      }
    });
    return problems;
  });
}

/** The crumbs a phone shows, as read. */
function shownCrumbs(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...document.querySelectorAll('header nav li')]
      .filter((item) => getComputedStyle(item).display !== 'none')
      .map((item) => (item as HTMLElement).innerText.trim())
      .filter(Boolean)
      .join(' › '),
  );
}

/**
 * One signed-in page per user for the whole file (a sign-in each per size was most of the file's
 * set-up): each size's walk resizes it and reloads (scopeToFirstFarm), so the console starts
 * afresh at that size with the session the tab keeps.
 */
const signedIn = new Map<string, Promise<{ browser: Browser; page: Page }>>();
function signedInPage(email: string, viewport: Viewport): Promise<Page> {
  if (!signedIn.has(email)) signedIn.set(email, openSignedIn(viewport, email));
  return signedIn.get(email)!.then(async ({ page }) => {
    await page.setViewportSize(viewport);
    await scopeToFirstFarm(page);
    return page;
  });
}
afterAll(async () => {
  for (const session of signedIn.values()) await (await session).browser.close();
});

function walk(viewport: Viewport, email: string, screens: readonly TableScreen[]) {
  const phone = viewport.width < 768;
  let page: Page;
  beforeAll(async () => {
    page = await signedInPage(email, viewport);
    if (!phone) await page.getByRole('group', { name: /^Filtro global: / }).waitFor({ timeout: 30_000 });
  });

  for (const screen of screens) {
    it(`${screen.path} fits`, async () => {
      await goTo(page, screen.path);
      await screen.loaded(page, phone);
      await expect.poll(() => misfits(page), { timeout: 10_000 }).toEqual([]);
      if (phone) expect(await shownCrumbs(page)).toContain(screen.phoneName);
    });
  }
}

for (const viewport of [NARROW_DESKTOP, DESKTOP, PHONE]) {
  const size = `${viewport.width} × ${viewport.height}`;
  describe(`every table screen fits at ${size}, read by an operador`, () => walk(viewport, OPERATOR_EMAIL, READER_SCREENS));
  describe(`the massive views fit at ${size}, for an admin`, () => walk(viewport, ADMIN_EMAIL, ADMIN_SCREENS));
}

for (const viewport of [NARROW_DESKTOP, DESKTOP]) {
  describe(`the threshold edit panel at ${viewport.width} × ${viewport.height}`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await signedInPage(ADMIN_EMAIL, viewport);
    });

    it('shows every field, Mínimo and Máximo included, beside a list whose actions stay in view', async () => {
      await page.goto(`${baseUrl()}/umbrales`);
      const list = page.getByRole('table', { name: 'Umbrales', exact: true });
      await list.waitFor({ timeout: 30_000 });
      await list.getByRole('button', { name: /^Editar/ }).first().click();
      const panel = page.getByRole('region', { name: 'Editar umbral' });
      await panel.waitFor();
      const panelBox = (await panel.boundingBox())!;
      for (const field of ['Etiqueta', 'Mínimo', 'Máximo', 'Criticidad', 'Estado']) {
        const box = (await panel.getByLabel(field).first().boundingBox())!;
        expect(box.width, field).toBeGreaterThan(40);
        expect(box.x, field).toBeGreaterThanOrEqual(panelBox.x);
        expect(box.x + box.width, field).toBeLessThanOrEqual(panelBox.x + panelBox.width);
        expect(box.x + box.width, field).toBeLessThanOrEqual(viewport.width);
      }
      // Every row's action is in view in the list's frame (pinned at its end), the list's limits too.
      const frame = (await list.evaluateHandle((element) => element.parentElement!)).asElement()!;
      const frameBox = (await frame.boundingBox())!;
      for (const action of (await list.getByRole('button', { name: /^Editar/ }).all()).slice(0, 5)) {
        const box = (await action.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(frameBox.x);
        expect(box.x + box.width).toBeLessThanOrEqual(frameBox.x + frameBox.width + 1);
      }
      for (const header of ['Mínimo', 'Máximo']) {
        const box = (await list.getByRole('columnheader', { name: header }).boundingBox())!;
        expect(box.x + box.width, header).toBeLessThanOrEqual(frameBox.x + frameBox.width + 1);
      }
      await expect.poll(() => misfits(page), { timeout: 10_000 }).toEqual([]);
    });
  });
}
