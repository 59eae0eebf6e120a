import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster`, not part of `npm test`: the Kubernetes driver's lifecycle against the
 * cluster KUBECONFIG names (apps/api/test/cluster/driver-lifecycle.cluster.ts), or the strict
 * fake API server with NUAGE_CLUSTER_FAKE=1. Without either it reports one skip and why.
 */
export default defineConfig({
  test: {
    name: 'cluster',
    root: 'apps/api',
    include: ['test/cluster/**/*.cluster.ts'],
    environment: 'node',
    // One cluster, one lifecycle: its steps run in order, image pulls included.
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 30 * 60_000,
    hookTimeout: 10 * 60_000,
  },
});
