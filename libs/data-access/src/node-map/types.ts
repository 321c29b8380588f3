/* The answers of issue 33's two endpoints: the contract's types (libs/domain/src/contracts/node-health.ts). */
export type {
  NodeBattery,
  NodeFrameGap,
  NodeHealthResponse,
  NodeMapNode,
  NodeMapResponse,
  NodeMapState,
  NodeMapValue,
  NodeRadioPoint,
  NodeUplink,
} from '@camposense/domain';
