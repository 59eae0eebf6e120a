import type { DashboardResponse } from '@nuage/shared/dashboard-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dashboardQueryKey } from '@/lib/dashboard-query';
import { patchApplication } from '../components/patch-dashboard';
import { detailOrNull } from './get-deployment-detail';
import { notifyRefreshFailure } from './refresh-failure';

/** Refreshes one application card from GET /deployments/deployment/{id}. */
export function useRefreshApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => detailOrNull(id),
    onSuccess: (detail, id) =>
      queryClient.setQueryData<DashboardResponse>(dashboardQueryKey, (data) =>
        data ? patchApplication(data, id, detail) : data,
      ),
    onError: notifyRefreshFailure,
  });
}
