/** The colours of criticality, grado 1 (the most severe) first; grados past 3 share the mildest. */
const GRADO_PALETTE = ['red', 'orange', 'yellow'] as const;

/** The colour palette of a criticality by its grado, the same on every screen that shows one. */
export const gradoPalette = (grado: number) => GRADO_PALETTE[Math.min(Math.max(grado, 1), 3) - 1]!;
