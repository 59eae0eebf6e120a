import type { EnvironmentStatus } from '@nuage/shared/api-types';
import type {
  DashboardApplication,
  DashboardEnvironment,
  DashboardResponse,
} from '@nuage/shared/dashboard-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardQueryKey } from '@/lib/dashboard-query';
import { patchEnvironment } from '../components/patch-dashboard';
import { detailOrNull, isGone } from './get-deployment-detail';
import { notifyRefreshFailure } from './refresh-failure';

/**
 * The applications of an environment, as they read now (list, then each one's detail). Those
 * being deleted are left out, as the dashboard read leaves them out.
 */
export async function environmentApplications(environmentId: string) {
  const list = await api<{ id: string }[]>(
    `/deployments/${encodeURIComponent(environmentId)}/deployments`,
    { errorMessage: false },
  );
  const details = await Promise.all(list.map((a) => detailOrNull(a.id)));
  return details.filter(
    (d): d is DashboardApplication => d !== null && d.statut_deploiement !== 'DELETING',
  );
}

/**
 * An environment from its own endpoints: GET /environments/{id}/status and its applications.
 * Null when it is gone.
 */
export async function freshEnvironment(
  env: DashboardEnvironment,
): Promise<DashboardEnvironment | null> {
  try {
    const id = encodeURIComponent(env.id);
    const [status, applications] = await Promise.all([
      api<EnvironmentStatus>(`/environments/${id}/status`, { errorMessage: false }),
      environmentApplications(env.id),
    ]);
    return status.status === 'deleting' ? null : { ...env, status, applications };
  } catch (err) {
    if (isGone(err)) return null;
    throw err;
  }
}

export function useRefreshEnvironment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (env: DashboardEnvironment) => freshEnvironment(env),
    onSuccess: (next, env) =>
      queryClient.setQueryData<DashboardResponse>(dashboardQueryKey, (data) =>
        data ? patchEnvironment(data, env.id, next) : data,
      ),
    onError: notifyRefreshFailure,
  });
}
