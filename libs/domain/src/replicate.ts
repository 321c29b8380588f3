/** The bodies and answers of POST /api/sense/sensor/replicate, /metricasensor/replicate and /usuarioperfil/assign (issue 13). */

export interface SensorPair {
  nodoid: number;
  tipoid: number;
}

export interface MetricaSensorTriple extends SensorPair {
  metricaid: number;
}

export interface ReplicateResult<Row> {
  /** The rows written, in key order. */
  created: Row[];
  /** The rows that already existed: left as they were, not errors. */
  skipped: Row[];
}

export interface SensorReplicateRequest {
  nodoids: number[];
  tipoids: number[];
}

export interface MetricaSensorReplicateRequest {
  nodoids: number[];
  tipoid: number;
  metricaids: number[];
}

export interface UsuarioPerfilPair {
  usuarioid: number;
  perfilid: number;
}

export interface UsuarioPerfilAssignRequest {
  usuarioids: number[];
  perfilids: number[];
}
