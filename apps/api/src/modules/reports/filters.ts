import type { AlertaReportFilters, MensajeReportFilters, ReportDateRange, ReportScope } from '@camposense/domain';
import { parseDateWindow } from '../../sense/date-window';
import { sql } from 'drizzle-orm';
import { grantedCompanies, grantedLocations } from '../../security/tenancy';
import type { Grant } from '../../security/tenancy';
import type { AlertaFilters, MensajeFilters } from './queries';

/*
 * A report query's filters as the statements take them (queries.ts): only the filter
 * fields, and the dates checked (400 naming the field) and made ISO instants.
 */

/** The global selection and the date range of a report query, the range as ISO instants [desde, hasta). */
function scopeOf({ paisId, empresaId, fundoId, desde, hasta }: ReportScope & ReportDateRange): ReportScope & ReportDateRange {
  const { start, end } = parseDateWindow('desde', desde ?? undefined, 'hasta', hasta ?? undefined);
  return { paisId, empresaId, fundoId, desde: start?.toISOString(), hasta: end?.toISOString() };
}

/** The alert filters of a query, narrowed to the caller's grant (issue 32). */
export function filtersOf(query: AlertaReportFilters, grant: Grant): AlertaFilters {
  const { estado, criticidadId, ubicacionId, nodoId } = query;
  return { estado, criticidadId, ubicacionId, nodoId, ...scopeOf(query), granted: grantedLocations(grant) };
}

/** The message filters of a query, narrowed to the caller's grant by the company each message was sent for. */
export function mensajeFiltersOf(query: MensajeReportFilters, grant: Grant): MensajeFilters {
  const { estado, contactoId, medioId } = query;
  return { estado, contactoId, medioId, ...scopeOf(query), grantedCompanies: grantedCompanies(grant, sql`ms.empresaid`) };
}
