/**
 * The text of a notification in the recipient's language (alarms.md, "What"): the threshold, node,
 * location, value, unit, limits and time, from the dictionaries of libs/i18n.
 */
import { formatDateTime, formatNumber as formatLocalNumber, translatorFor } from '@camposense/i18n/server';

export interface EpisodeFacts {
  tipo: 'umbral' | 'sindatos';
  criticidad: string;
  nodo: string;
  ubicacion: string | null;
  umbral: string | null;
  metrica: string | null;
  unidad: string | null;
  minimo: number | null;
  maximo: number | null;
  /** The latest breaking value and when it was read (threshold episodes). */
  valor: number | null;
  fecha: Date | null;
  /** The node's last reading (no-data episodes). */
  ultimaLectura: Date | null;
}

export interface RoundKind {
  /** 0 for the first profiles, k for the k-th boss level. */
  level: number;
  /** 0 for the first message of this level, then 1, 2… for the repeats. */
  round: number;
  /** The criticality's minutes before escalating (said in an escalated message). */
  escalationMinutes: number | null;
}

export interface MessageText {
  subject: string;
  text: string;
}

/** A value or limit in the recipient's language (es `16,5`, en `16.5`), as the screens show it. */
function formatNumber(value: number | null, language: string): string {
  return formatLocalNumber(value, language, 2) ?? '—';
}

export function composeMessage(facts: EpisodeFacts, kind: RoundKind, language: string, timeZone: string): MessageText {
  const t = translatorFor(language);
  const ubicacion = facts.ubicacion ?? '—';
  const lines: string[] = [];
  let subject: string;
  if (facts.tipo === 'sindatos') {
    subject = t('notifications.noDataSubject', { criticidad: facts.criticidad, nodo: facts.nodo });
    lines.push(
      facts.ultimaLectura
        ? t('notifications.noData', {
            nodo: facts.nodo,
            ubicacion,
            fecha: formatDateTime(facts.ultimaLectura, language, { timeZone }) ?? '—',
            zona: timeZone,
          })
        : t('notifications.noDataNever', { nodo: facts.nodo, ubicacion }),
    );
  } else {
    const umbral = facts.umbral ?? facts.metrica ?? '—';
    subject = t('notifications.subject', { criticidad: facts.criticidad, umbral, nodo: facts.nodo });
    lines.push(
      t('notifications.threshold', {
        umbral,
        nodo: facts.nodo,
        ubicacion,
        valor: formatNumber(facts.valor, language),
        unidad: facts.unidad ?? '',
        fecha: formatDateTime(facts.fecha, language, { timeZone }) ?? '—',
        zona: timeZone,
        minimo: formatNumber(facts.minimo, language),
        maximo: formatNumber(facts.maximo, language),
      }).replace(/ +([,.)\]])/g, '$1'),
    );
  }
  if (kind.level > 0 && kind.round === 0) {
    lines.push(t('notifications.escalated', { count: (kind.escalationMinutes ?? 0) * kind.level }));
  } else if (kind.round > 0) {
    lines.push(t('notifications.repeat'));
  }
  lines.push(t('notifications.acknowledgeHint'));
  return { subject, text: lines.join('\n') };
}
