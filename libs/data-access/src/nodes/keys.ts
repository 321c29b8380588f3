/** SWR keys of the nodes: `['nodes', 'located']` is every node with where it stands (the dashboard's node list). */
export const nodeKeys = {
  all: ['nodes'] as const,
  located: () => ['nodes', 'located'] as const,
};

export const nodePaths = {
  located: () => '/sense/nodos-con-localizacion?limit=1000',
};
