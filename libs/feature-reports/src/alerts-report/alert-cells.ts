import type { AlertaReportRow } from '@camposense/domain';
import type { Translate } from '@camposense/i18n';

/** The threshold's `umbral` text, else `Umbral {umbralid}`. */
export function thresholdText(row: AlertaReportRow, t: Translate): string {
  const text = row.umbral?.umbral?.trim();
  return text ? text : t('reports.alerts.threshold', { id: row.umbralid });
}

const numberFormat = (locale: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });

/** `Valor: {valor} {unidad}` (the unit when known), else `Medición {medicionid}`. */
export function measurementText(row: AlertaReportRow, t: Translate, locale: string): string {
  const value = row.valor ?? row.medicion?.medicion ?? null;
  if (value === null || !Number.isFinite(value)) return t('reports.alerts.measurement', { id: row.medicionid });
  const formatted = numberFormat(locale).format(value);
  return row.unidad ? t('reports.alerts.valueWithUnit', { value: formatted, unidad: row.unidad }) : t('reports.alerts.value', { value: formatted });
}

/** `Temperatura (°C)`; the name alone without a unit; empty when the metric is unknown. */
export function metricText(row: AlertaReportRow, t: Translate): string {
  if (!row.metrica) return '';
  return row.unidad ? t('reports.alerts.metricWithUnit', { metrica: row.metrica, unidad: row.unidad }) : row.metrica;
}

/** The band the reading left, `minimo – maximo`; empty without a threshold. */
export function limitsText(row: AlertaReportRow, t: Translate, locale: string): string {
  if (!row.umbral) return '';
  const format = numberFormat(locale);
  return t('reports.alerts.limits', { minimo: format.format(row.umbral.minimo), maximo: format.format(row.umbral.maximo) });
}
