/**
 * The dictionaries are split in namespaces (issue 29, item 6): the shell's texts come at sign-in,
 * each feature's with its screen, the server's messages never reach the console. A key keeps its
 * full path (`reports.alerts.title`) whatever namespace holds it, and `t` looks in the shell first,
 * then in the features' namespaces that are loaded, so no call names a namespace.
 */
export const SHELL_NAMESPACE = 'shell';

/** The namespaces loaded with a screen, one per feature library. */
export const FEATURE_NAMESPACES = ['reports', 'parameters', 'thresholds', 'settings'] as const;
export type FeatureNamespace = (typeof FEATURE_NAMESPACES)[number];
