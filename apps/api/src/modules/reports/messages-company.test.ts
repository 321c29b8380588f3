/**
 * The messages report's grant (issue 31, docs/tenancy.md "Company on the alarm rows"): a message
 * belongs to the company it was sent for (`mensaje.empresaid`), so it stays in that company's
 * report after its threshold moves to another company, and never shows in the other's.
 */
import { DEMO_COMPANY_GRANTS, DEMO_PASSWORD } from '@camposense/db';
import { testDrivers } from '@camposense/db/testing';
import type { MensajeReportPage } from '@camposense/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSenseContext, openSenseContext } from '../../testing/sense-context';
import type { SenseContext } from '../../testing/sense-context';
import { loginAs } from '../../testing/test-app';

const CHILE_LOGIN = 'operador.chile@camposense.dev';

describe.each(testDrivers())('the messages report by the company a message was sent for on $kind', (driver) => {
  let context: SenseContext;
  let chile: Record<string, string>;
  let chileEmpresa: number;

  beforeAll(async () => {
    context = await openSenseContext(driver);
    const [granted] = await context.query<{ empresaid: number }>(
      sql`select empresaid from sense.empresa where empresaabrev = ${DEMO_COMPANY_GRANTS[CHILE_LOGIN]![0]!}`,
    );
    chileEmpresa = granted!.empresaid;
    chile = { authorization: `Bearer ${(await loginAs(context.app, CHILE_LOGIN, DEMO_PASSWORD)).session.access_token}` };
  });

  afterAll(() => closeSenseContext(context));

  const report = async (query: string, headers: Record<string, string>) => {
    const response = await context.get(`/api/sense/reports/mensajes${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MensajeReportPage>();
  };

  it("keeps a message in its company's report after its threshold moves to another company", async () => {
    // A message of the Chilean company sent for a threshold's alert, and a location of another company.
    const [sent] = await context.query<{ mensajeid: number; umbralid: number; contactoid: number; fecha: string }>(sql`
      select ms.mensajeid::int, a.umbralid, ms.contactoid, to_char(ms.fecha at time zone 'UTC', 'YYYY-MM-DD') as fecha
        from sense.mensaje ms join sense.alerta a on a.alertaid = ms.alertaid
       where ms.empresaid = ${chileEmpresa}
       order by ms.mensajeid limit 1`);
    const [elsewhere] = await context.query<{ ubicacionid: number; fundoid: number; empresaid: number }>(sql`
      select ub.ubicacionid, ub.fundoid, f.empresaid from sense.ubicacion ub join sense.fundo f on f.fundoid = ub.fundoid
       where f.empresaid <> ${chileEmpresa} order by ub.ubicacionid limit 1`);
    const [before] = await context.query<{ ubicacionid: number; statusid: number }>(
      sql`select ubicacionid, statusid from sense.umbral where umbralid = ${sent?.umbralid ?? 0}`,
    );
    expect(sent).toBeDefined();
    expect(elsewhere).toBeDefined();
    const narrowed = `?contactoId=${sent!.contactoid}&desde=${sent!.fecha}&hasta=${sent!.fecha}&pageSize=100&sortBy=mensajeid&sortOrder=asc`;
    const ids = (page: MensajeReportPage) => page.data.map((row) => row.mensajeid);
    const chileTotal = async () =>
      (await context.query<{ n: number }>(sql`select count(*)::int as n from sense.mensaje where empresaid = ${chileEmpresa}`))[0]!.n;

    expect(ids(await report(narrowed, chile))).toContain(sent!.mensajeid);
    // Moved (deactivated, so no active threshold of the new place collides with it): the owner's
    // SQL, as an admin's table write would; the message keeps the company it was sent for.
    await context.query(sql`update sense.umbral set ubicacionid = ${elsewhere!.ubicacionid}, statusid = 0 where umbralid = ${sent!.umbralid}`);
    try {
      expect(ids(await report(narrowed, chile))).toContain(sent!.mensajeid);
      expect((await report('?pageSize=1', chile)).pagination.total).toBe(await chileTotal());
      // Asking for the other company, or the farm the threshold now stands in, shows none of it.
      expect((await report(`?empresaId=${elsewhere!.empresaid}&pageSize=1`, chile)).pagination.total).toBe(0);
      expect((await report(`?fundoId=${elsewhere!.fundoid}&pageSize=1`, chile)).pagination.total).toBe(0);
      // An admin finds it under the company it was sent for, not under the one it moved to.
      const admin = { authorization: context.bearer };
      expect(ids(await report(`${narrowed}&empresaId=${chileEmpresa}`, admin))).toContain(sent!.mensajeid);
      expect(ids(await report(`${narrowed}&empresaId=${elsewhere!.empresaid}`, admin))).not.toContain(sent!.mensajeid);
    } finally {
      await context.query(sql`update sense.umbral set ubicacionid = ${before!.ubicacionid}, statusid = ${before!.statusid} where umbralid = ${sent!.umbralid}`);
    }
  });
});
