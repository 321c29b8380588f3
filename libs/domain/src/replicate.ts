/** The bodies and answers of POST /api/sense/sensor/replicate, /metricasensor/replicate and /usuarioperfil/assign (issue 13). */

/** The keys and bodies (the contract's, contracts/replicate.ts). */
export type {
  SensorPair,
  MetricaSensorTriple,
  UsuarioPerfilPair,
  SensorReplicateRequest,
  MetricaSensorReplicateRequest,
  UsuarioPerfilAssignRequest,
} from './contracts/replicate';

/** Any of the three answers: the rows written (in key order), and those that already existed (left as they were, not errors). */
export interface ReplicateResult<Row> {
  created: Row[];
  skipped: Row[];
}
