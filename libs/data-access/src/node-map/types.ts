/* The answers of issue 33's two endpoints: the contract's types (libs/domain/src/contracts/node-health.ts). */
export type { NodeHealthResponse, NodeMapNode, NodeMapResponse, NodeMapState } from '@camposense/domain';
