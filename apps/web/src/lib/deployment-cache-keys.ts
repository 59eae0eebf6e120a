import type { QueryClient } from '@tanstack/react-query';

/*
 * The cache keys of an application's resources that one feature reads and another refreshes
 * after a change (a rollback refreshes the builds, the releases and the detail; new variables a
 * new release). Features never import each other, so these keys live here.
 */

export const deploymentQueryKey = (id: string) => ['deployments', 'detail', id] as const;

export const buildsQueryKey = (deploymentId: string) => ['builds', 'deployment', deploymentId];

export const releasesQueryKey = (deploymentId: string) => ['releases', deploymentId];

/** After a change to an application: its detail, every list holding it, the dashboard. */
export function invalidateDeployment(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['deployments'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    queryClient.invalidateQueries({ queryKey: ['projects'] }),
  ]);
}
