/**
 * The alerts report's filters (`GET /api/sense/reports/alertas`), which its bulk acknowledgement
 * (`POST /api/alerts/acknowledge`) takes too: the global selection, a date range, the state,
 * criticality, location and node.
 */
import { Type } from 'typebox';
import { ALERTA_STATES } from '../reports';
import { DateParam, StringEnum, TableIdParam } from './common';

/** The global selection and a date range, the same for both reports. */
export const reportScopeQuery = (what: string) => ({
  paisId: Type.Optional(TableIdParam(`Solo ${what} de ubicaciones de este país`)),
  empresaId: Type.Optional(TableIdParam(`Solo ${what} de ubicaciones de esta empresa`)),
  fundoId: Type.Optional(TableIdParam(`Solo ${what} de ubicaciones de este fundo`)),
  desde: Type.Optional(DateParam('Desde (incluida)')),
  hasta: Type.Optional(DateParam('Hasta (incluida)')),
});

export const alertaFilterQuery = {
  estado: Type.Optional(StringEnum(ALERTA_STATES, { description: 'Solo alertas activas, procesadas (reconocidas) o cerradas' })),
  criticidadId: Type.Optional(TableIdParam('Solo alertas de umbrales de esta criticidad')),
  ubicacionId: Type.Optional(TableIdParam('Solo alertas de umbrales de esta ubicación')),
  nodoId: Type.Optional(TableIdParam('Solo alertas de umbrales de este nodo')),
  ...reportScopeQuery('alertas'),
};
