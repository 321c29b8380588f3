/**
 * "En curso" (ongoing), one meaning for the whole console (issue 28, item 3; docs/operations.md, "En curso"):
 *
 * An alarm is **en curso** while its episode is open (`episodio.fechafin` null) and nobody has
 * acknowledged it yet (`episodio.statusid` 1): a threshold's run of breaking readings that no
 * reading back in range has ended, or a node's silence past its `ventanainactividad` that no reading
 * has ended. An acknowledged episode (-1) is still open but handled: it is not counted.
 *
 * The alerts of an episode en curso are exactly the alerts with `statusid` 1 (ACTIVA): the engine
 * writes them active, makes them 0 when the episode ends and -1 when it is acknowledged, and the demo
 * farm is written the same way. So the alerts report's ACTIVA filter shows the alerts en curso.
 *
 * - The header's "Alertas en curso" is `episodios` of `GET /api/sense/en-curso`.
 * - A node's badges: `episodiosActivos` (its threshold episodes en curso) plus one when its
 *   `episodioSinDatos` is en curso (statusid 1); their sum over the node list is `episodios`.
 * - The alerts report filtered by ACTIVA counts `alertas` of the same answer.
 */
export const EN_CURSO = { episodeOpen: 'fechafin is null', episodeStatusid: 1, alertStatusid: 1 } as const;

/** `GET /api/sense/en-curso`'s answer (the contract's, contracts/en-curso.ts): episodes en curso of both kinds (the header's count), of them threshold and no-data ones, and the threshold episodes' active alerts (the alerts report's ACTIVA count). */
export type { EnCursoResponse } from './contracts/en-curso';
