/** Spanish: the texts of the messages the server sends; the console never loads them. */
export const esNotifications = {
  notifications: {
    subject: '[{{criticidad}}] {{umbral}}: {{nodo}}',
    threshold: '{{umbral}}: el nodo {{nodo}} en {{ubicacion}} midió {{valor}} {{unidad}} el {{fecha}} ({{zona}}), fuera del rango [{{minimo}}, {{maximo}}] {{unidad}}.',
    noDataSubject: '[{{criticidad}}] Sin datos: {{nodo}}',
    noData: 'Sin datos: el nodo {{nodo}} en {{ubicacion}} no envía lecturas desde el {{fecha}} ({{zona}}).',
    noDataNever: 'Sin datos: el nodo {{nodo}} en {{ubicacion}} no ha enviado lecturas.',
    repeat: 'Recordatorio: la alarma sigue activa y sin reconocer.',
    escalated_one: 'Escalado: nadie la ha reconocido en {{count}} minuto.',
    escalated_other: 'Escalado: nadie la ha reconocido en {{count}} minutos.',
    acknowledgeHint: 'Reconózcala en CampoSense (Reportes > Alertas) para detener los avisos.',
  },
} as const;
