import { rmSync } from 'node:fs';
import { spawnServer, waitUntilListening } from '@camposense/api/testing';
import type { SpawnedServer } from '@camposense/api/testing';
import { createDatabase } from '@camposense/db';
import type { PaginatedRows, TableRow } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectChromium, downloadedText } from './support/browser';
import { copyConsoleTemplate } from './support/server';
import { ADMIN_EMAIL, DEMO_PASSWORD, serviceWorkersMode } from './support/session';

/*
 * The parameters area in English and the light theme, against a console of its own whose
 * embedded database (a copy of the run's seeded template: support/server.ts) gets, before the
 * server starts, LARGE_TABLE_ROWS entities by one generate_series (seconds, where the API would
 * take minutes): a table of 100,000+ rows to page, sort, search and export. Its own server also leaves the shared journeys' database untouched.
 */
const LARGE_TABLE_ROWS = 100_000;
/** `Entidad E2E 000001` … `Entidad E2E 100000`: zero-padded, so text order is number order. */
const entity = (n: number) => `Entidad E2E ${String(n).padStart(6, '0')}`;
/** Matches 009999 and 099990–099999: eleven entities, across two far-apart pages of the table. */
const EXPORT_SEARCH = '09999';
const EXPORTED = [...Array.from({ length: 10 }, (_, i) => entity(99_990 + i)), entity(9_999)].sort().reverse();
const suffix = `${Date.now() % 100_000}`;
const LOGIN = `e2e.${suffix}@camposense.dev`;
const number = new Intl.NumberFormat('en-US');

let server: SpawnedServer;
let dataDir: string;
let browser: Browser;
let page: Page;
let token: string;

const base = () => server.baseUrl;

async function api<T>(method: 'GET' | 'PUT', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`${base()}/api/sense${path}`, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function open(table: string, operation: string) {
  await page.goto(`${base()}/parameters/${table}/${operation}`);
}

/** The status bar, "{filtered} of {total} records": the rows matching the search, of the table's. */
const records = (filtered: number, total: number) => page.getByText(`${number.format(filtered)} of ${number.format(total)} records`, { exact: true });

async function search(text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
}

/** The data rows of the status view's table, by their cells' text. */
async function shownRows(): Promise<string[]> {
  return page.getByRole('table').getByRole('row').filter({ hasNot: page.getByRole('columnheader') }).allInnerTexts();
}

async function choose(label: string, option: string) {
  const combobox = page.getByRole('form').getByRole('combobox', { name: label, exact: true });
  await combobox.click();
  await combobox.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
  expect(await combobox.inputValue()).toBe(option);
}

/** Searches a status view for `text` and picks its only row by the cell showing `text`. */
async function pickRow(table: string, text: string) {
  await open(table, 'status');
  await search(text);
  await page.getByText(/^1 of /).waitFor();
  await page.getByRole('table').getByText(text, { exact: true }).click();
}

async function saveChanges(tableName: string) {
  await page.getByRole('form').getByRole('button', { name: 'SAVE CHANGES' }).click();
  await page.getByText(`The changes to ${tableName} were saved`).waitFor();
}

beforeAll(async () => {
  // The demo farm comes copied (a third of a CPU-second), not seeded again for this journey.
  dataDir = copyConsoleTemplate(inject('consoleTemplate'), 'camposense-e2e-large-');
  const database = await createDatabase({ dataDir });
  try {
    await database.query(
      sql`insert into sense.entidad (entidad, entidadabrev)
          select 'Entidad E2E ' || lpad(n::text, 6, '0'), 'E' || n from generate_series(1, ${LARGE_TABLE_ROWS}::int) n`,
    );
  } finally {
    await database.close();
  }
  server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: undefined, JWT_SECRET: undefined, MQTT_URL: undefined });
  await waitUntilListening(server, 180_000);

  browser = await connectChromium();
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'America/Lima', viewport: { width: 1440, height: 900 }, acceptDownloads: true, serviceWorkers: serviceWorkersMode() });
  // English and the light theme from the first paint, as a returning user who chose them.
  await context.addInitScript(() => {
    localStorage.setItem('language', 'en');
    localStorage.setItem('theme', 'light');
  });
  page = await context.newPage();
  await page.goto(base());
  await page.getByLabel('EMAIL').fill(ADMIN_EMAIL);
  await page.getByLabel('PASSWORD').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await page.getByRole('heading', { name: 'WELCOME TO CAMPOSENSE' }).waitFor();
  const login = await page.request.post(`${base()}/api/auth/login`, { data: { email: ADMIN_EMAIL, password: DEMO_PASSWORD } });
  token = ((await login.json()) as { session: { access_token: string } }).session.access_token;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('parameters in English and the light theme', () => {
  it('is in English and light', async () => {
    await open('entidad', 'status');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.classList.contains('light')])).toEqual(['en', true]);
    await page.getByRole('searchbox', { name: 'Search' }).waitFor();
  });

  it('pages, sorts and searches a table of 100,000+ rows', async () => {
    const total = (await api<PaginatedRows>('GET', '/entidad?page=1&pageSize=1')).pagination.total;
    expect(total).toBeGreaterThan(LARGE_TABLE_ROWS);
    await open('entidad', 'status');
    await records(total, total).waitFor();
    const pages = Math.ceil(total / 20);
    await page.getByText(`PAGE 1 OF ${pages.toLocaleString('en-US')}`).waitFor();
    const firstPage = await shownRows();
    expect(firstPage).toHaveLength(20);

    await page.getByRole('button', { name: 'NEXT' }).click();
    await page.getByText(`PAGE 2 OF ${pages.toLocaleString('en-US')}`).waitFor();
    await expect.poll(async () => (await shownRows())[0]).not.toBe(firstPage[0]);
    const secondPage = await shownRows();
    expect(secondPage).toHaveLength(20);
    expect(secondPage.some((row) => firstPage.includes(row))).toBe(false);

    // By entidad (headed by its name in English), descending: the largest number first, wherever the demo's own entities sort.
    const header = page.getByRole('columnheader', { name: 'Entity', exact: true });
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await page.getByText(`PAGE 1 OF ${pages.toLocaleString('en-US')}`).waitFor();
    await search('Entidad E2E');
    await records(LARGE_TABLE_ROWS, total).waitFor();
    await page.getByText(`PAGE 1 OF ${(LARGE_TABLE_ROWS / 20).toLocaleString('en-US')}`).waitFor();
    await expect.poll(async () => (await shownRows())[0]).toContain(entity(LARGE_TABLE_ROWS));
    expect((await shownRows())[1]).toContain(entity(LARGE_TABLE_ROWS - 1));

    await search(entity(54_321));
    await records(1, total).waitFor();
    expect(await shownRows()).toHaveLength(1);
    expect((await shownRows())[0]).toContain('E54321');
  });

  it('offers it in a select by the first 50 matches, saying so, and narrows as one types', async () => {
    const total = (await api<PaginatedRows>('GET', '/entidad?page=1&pageSize=1')).pagination.total;
    await open('tipo', 'insert');
    const combobox = page.getByRole('form').getByRole('combobox', { name: 'Entity', exact: true });
    await combobox.click();
    await page.getByText(`Showing 50 of ${number.format(total)}: type to narrow the search`).waitFor();
    expect(await page.getByRole('option').count()).toBe(50);
    // 054320-054329: few enough to list whole, so the hint goes.
    await combobox.fill('Entidad E2E 05432');
    await page.getByRole('option', { name: entity(54_329), exact: true }).waitFor();
    await expect.poll(() => page.getByRole('option').count()).toBe(10);
    expect(await page.getByText(/^Showing \d+ of /).count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('deactivates and activates a row of it', async () => {
    await pickRow('entidad', entity(50_000));
    const row = page.getByRole('table').getByRole('row').filter({ hasText: entity(50_000) });
    await row.getByText('Active', { exact: true }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'DEACTIVATE' }).click();
    await page.getByText('Record deactivated').waitFor();
    await row.getByText('Inactive', { exact: true }).waitFor();
    const [inactive] = (await api<PaginatedRows>('GET', `/entidad?page=1&pageSize=20&search=${encodeURIComponent(entity(50_000))}`)).data;
    expect(inactive?.['statusid']).toBe(0);

    await page.getByRole('main').getByRole('button', { name: 'ACTIVATE' }).click();
    await page.getByText('Record activated').waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    const [active] = (await api<PaginatedRows>('GET', `/entidad?page=1&pageSize=20&search=${encodeURIComponent(entity(50_000))}`)).data;
    expect(active?.['statusid']).toBe(1);
  });

  it('exports the status view as CSV with its search and sort', async () => {
    await open('entidad', 'status');
    const header = page.getByRole('columnheader', { name: 'Entity', exact: true });
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await search(EXPORT_SEARCH);
    await page.getByText(/^11 of /).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'EXPORT CSV' }).click()]);
    const lines = (await downloadedText(download)).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]?.split(',')).toContain('entidad');
    const names = lines.slice(1).map((line) => line.split(',').find((cell) => cell.startsWith('Entidad E2E')));
    expect(names).toEqual(EXPORTED);
  });

  it('updates a row of a composite key (a placement: entity, location and node)', async () => {
    await open('localizacion', 'status');
    await page.getByRole('table').getByRole('row').nth(1).click();
    await page.getByRole('main').getByRole('button', { name: 'Update' }).click();
    const reference = page.getByRole('textbox', { name: /^Reference/ });
    await reference.waitFor();
    await reference.fill(`Referencia E2E ${suffix}`);
    await saveChanges('Placement');
    const saved = await api<PaginatedRows>('GET', `/localizacion?page=1&pageSize=20&search=${encodeURIComponent(`Referencia E2E ${suffix}`)}`);
    expect(saved.data).toHaveLength(1);
  });
});

describe('users, contacts and e-mail addresses in English', () => {
  it('creates a user, then edits their last name', async () => {
    await open('usuario', 'insert');
    await page.getByRole('textbox', { name: /^Email address/ }).fill(LOGIN);
    await page.getByRole('textbox', { name: /^Name/ }).fill('E2E');
    await page.getByRole('textbox', { name: /^Last name/ }).fill(`Primero ${suffix}`);
    // The users form (issue 13): the password twice.
    await page.getByLabel(/^Password/).fill(`${DEMO_PASSWORD}-${suffix}`);
    await page.getByLabel(/^Confirm password/).fill(`${DEMO_PASSWORD}-${suffix}`);
    await page.getByRole('form').getByRole('button', { name: 'CREATE' }).click();
    await page.getByText('User created', { exact: true }).waitFor();

    await pickRow('usuario', LOGIN);
    await page.getByRole('main').getByRole('button', { name: 'Update' }).click();
    const lastName = page.getByRole('textbox', { name: /^Last name/ });
    await expect.poll(() => lastName.inputValue()).toBe(`Primero ${suffix}`);
    await lastName.fill(`Segundo ${suffix}`);
    await saveChanges('User');
    const [user] = (await api<PaginatedRows>('GET', `/usuario?page=1&pageSize=20&search=${encodeURIComponent(LOGIN)}`)).data;
    expect(user?.['lastname']).toBe(`Segundo ${suffix}`);
  });

  it('gives the user an e-mail contact, named by the name just changed', async () => {
    await open('contacto', 'insert');
    await choose('User', `E2E Segundo ${suffix}`);
    // The contact form (issue 13): the user first, then the method by its name.
    await choose('Contact method', 'E-mail');
    await page.getByRole('textbox', { name: /^Email address/ }).fill(LOGIN);
    await page.getByRole('form').getByRole('button', { name: 'CREATE' }).click();
    await page.getByText(`The contact of E2E Segundo ${suffix} was saved`).waitFor();

    await open('contacto', 'status');
    await search(LOGIN);
    await page.getByText(/^1 of /).waitFor();
    await page.getByRole('table').getByRole('row').filter({ hasText: LOGIN }).getByText(`E2E Segundo ${suffix}`).waitFor();
  });

  it('names the contact by the new name of its user at once after a rename, without a reload', async () => {
    // The contacts status view above cached the user's old name; everything here is in-app.
    const tables = page.getByRole('navigation', { name: 'Parameter tables' });
    await tables.getByRole('button', { name: 'User', exact: true }).click();
    await search(LOGIN);
    await page.getByText(/^1 of /).waitFor();
    // The pointer leaves the rails for the table, as a hand does: the operations panel the click
    // on the rail opened collapses 500 ms later instead of covering the row's left cells.
    await page.mouse.move(1000, 700);
    await page.getByRole('table').getByText(LOGIN, { exact: true }).click();
    await page.getByRole('main').getByRole('button', { name: 'Update' }).click();
    const lastName = page.getByRole('textbox', { name: /^Last name/ });
    await expect.poll(() => lastName.inputValue()).toBe(`Segundo ${suffix}`);
    await lastName.fill(`Tercero ${suffix}`);
    await saveChanges('User');

    // From here on, any contacts table that shows the old name, even for one frame, is caught.
    await page.evaluate((old) => {
      const seen = window as unknown as { oldNameShown?: boolean };
      seen.oldNameShown = false;
      new MutationObserver(() => {
        if (document.querySelector('main table')?.textContent?.includes(old)) seen.oldNameShown = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, `E2E Segundo ${suffix}`);
    await tables.getByRole('button', { name: 'Contact', exact: true }).click();
    await search(LOGIN);
    await page.getByText(/^1 of /).waitFor();
    await page.getByRole('table').getByRole('row').filter({ hasText: LOGIN }).getByText(`E2E Tercero ${suffix}`).waitFor();
    expect(await page.evaluate(() => (window as unknown as { oldNameShown?: boolean }).oldNameShown)).toBe(false);
  });

  it('deletes the contact, then deactivates the user', async () => {
    await pickRow('contacto', LOGIN);
    await page.getByRole('main').getByRole('button', { name: 'DELETE' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'DELETE' }).click();
    await page.getByText('Record deleted').waitFor();
    await records(0, (await api<PaginatedRows>('GET', '/contacto?page=1&pageSize=1')).pagination.total).waitFor();

    await pickRow('usuario', LOGIN);
    await page.getByRole('main').getByRole('button', { name: 'DEACTIVATE' }).click();
    await page.getByText('Record deactivated').waitFor();
    const [user] = (await api<PaginatedRows>('GET', `/usuario?page=1&pageSize=20&search=${encodeURIComponent(LOGIN)}`)).data;
    expect(user?.['statusid']).toBe(0);
  });

  it('changes an e-mail address of the correo table', async () => {
    const addresses = await api<PaginatedRows>('GET', '/correo?page=1&pageSize=1&sortBy=correo&sortOrder=asc');
    const first = addresses.data[0] as TableRow;
    const before = String(first['correo']);
    const after = `cambiado.${suffix}.${before}`;
    await pickRow('correo', before);
    await page.getByRole('main').getByRole('button', { name: 'Update' }).click();
    const address = page.getByRole('textbox', { name: /^Email address/ });
    await expect.poll(() => address.inputValue()).toBe(before);
    await address.fill(after);
    await saveChanges('Email');
    const changed = await api<PaginatedRows>('GET', `/correo?page=1&pageSize=20&search=${encodeURIComponent(after)}`);
    expect(changed.data.map((row) => row['correoid'])).toEqual([first['correoid']]);
  });
});
