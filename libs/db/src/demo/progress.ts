/** Progress of the demo farm, and a terminal bar (cli-progress) that shows it. */
import cliProgress from 'cli-progress';

export type FarmPhase = 'referencia' | 'mediciones' | 'indices' | 'umbrales' | 'alertas' | 'mensajes' | 'estadisticas';

/** Spanish labels for the bar (the CLI and the API log speak Spanish). */
const PHASE_LABELS: Record<FarmPhase, string> = {
  referencia: 'datos de referencia',
  mediciones: 'mediciones',
  indices: 'índices de mediciones',
  umbrales: 'umbrales',
  alertas: 'alertas',
  mensajes: 'mensajes',
  estadisticas: 'estadísticas',
};

export interface FarmProgress {
  phase: FarmPhase;
  /** Work done and total work, in readings-equivalent units: `completed / total` is the share done. */
  completed: number;
  total: number;
}

export type FarmProgressListener = (progress: FarmProgress) => void;

export interface TerminalProgress {
  onProgress: FarmProgressListener;
  /** Stops the bar and leaves it at its last state. */
  stop(): void;
}

/**
 * A bar on stdout. cli-progress draws nothing when the stream is not a terminal, so logs and
 * test output stay clean.
 */
export function createTerminalProgress(stream: NodeJS.WriteStream = process.stdout): TerminalProgress {
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: 'Granja demo |{bar}| {percentage}% | {etapa}',
      hideCursor: true,
      clearOnComplete: false,
      etaBuffer: 20,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    onProgress({ phase, completed, total }) {
      if (!started) {
        bar.start(total, 0, { etapa: PHASE_LABELS[phase] });
        started = true;
      }
      bar.setTotal(total);
      bar.update(completed, { etapa: PHASE_LABELS[phase] });
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
