import type { Widen } from '../../dictionary';
import type { esNotifications } from '../es/notifications';

/** English: the texts of the messages the server sends; the console never loads them. */
export const enNotifications: Widen<typeof esNotifications> = {
  notifications: {
    subject: '[{{criticidad}}] {{umbral}}: {{nodo}}',
    threshold: '{{umbral}}: node {{nodo}} at {{ubicacion}} measured {{valor}} {{unidad}} on {{fecha}} ({{zona}}), outside the range [{{minimo}}, {{maximo}}] {{unidad}}.',
    noDataSubject: '[{{criticidad}}] No data: {{nodo}}',
    noData: 'No data: node {{nodo}} at {{ubicacion}} has sent no readings since {{fecha}} ({{zona}}).',
    noDataNever: 'No data: node {{nodo}} at {{ubicacion}} has sent no readings.',
    repeat: 'Reminder: the alarm is still active and unacknowledged.',
    escalated_one: 'Escalated: nobody acknowledged it within {{count}} minute.',
    escalated_other: 'Escalated: nobody acknowledged it within {{count}} minutes.',
    acknowledgeHint: 'Acknowledge it in CampoSense (Reports > Alerts) to stop the notices.',
  },
};
