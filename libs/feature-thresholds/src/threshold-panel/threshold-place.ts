/** Where a threshold applies, with the names the panel shows. */
export interface ThresholdPlace {
  ubicacionid: number;
  ubicacion: string;
  nodoid: number;
  nodo: string;
  tipoid: number;
  tipo: string;
  metricaid: number;
  metrica: string;
  unidad: string | null;
}
