import type { AlertaReportRow } from '@camposense/domain';
import type { Translate } from '@camposense/i18n';

/** The threshold's `umbral` text, else `Umbral {umbralid}`. */
export function thresholdText(row: AlertaReportRow, t: Translate): string {
  const text = row.umbral?.umbral?.trim();
  return text ? text : t('reports.alerts.threshold', { id: row.umbralid });
}

/** `Valor: {valor}`, else `Medición {medicionid}`. */
export function measurementText(row: AlertaReportRow, t: Translate, locale: string): string {
  const value = row.valor ?? row.medicion?.medicion ?? null;
  if (value === null || !Number.isFinite(value)) return t('reports.alerts.measurement', { id: row.medicionid });
  return t('reports.alerts.value', { value: new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value) });
}
