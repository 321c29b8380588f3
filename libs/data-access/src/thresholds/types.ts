import type { UmbralRow } from '@camposense/domain';

/** A criticidad as the thresholds tab reads it. */
export interface CriticidadOption {
  criticidadid: number;
  criticidad: string;
  grado: number;
  statusid: number;
}

/** A profile that can be told. */
export interface PerfilOption {
  perfilid: number;
  perfil: string;
  nivel: number;
  statusid: number;
}

/** The editable columns of a threshold. */
export interface UmbralChanges {
  umbral?: string;
  minimo?: number;
  maximo?: number;
  criticidadid?: number;
  statusid?: number;
}

/** A new threshold for a place without one: a stored threshold's fields but its id, named, with a status. */
export interface NewUmbral extends Omit<UmbralRow, 'umbralid'> {
  umbral: string;
  statusid: number;
}
