import type { Environment, Project } from '@nuage/shared/api-types';
import type { DashboardProject, DashboardResponse } from '@nuage/shared/dashboard-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardQueryKey } from '@/lib/dashboard-query';
import { patchProject } from '../components/patch-dashboard';
import { isGone } from './get-deployment-detail';
import { environmentApplications } from './refresh-environment';
import { notifyRefreshFailure } from './refresh-failure';

/**
 * A project from its own endpoints: GET /projects/{id}, its environments, then each
 * environment's applications (per level in parallel, as SPEC §7 loads them). Null when gone.
 */
export async function freshProject(projectId: string): Promise<DashboardProject | null> {
  const id = encodeURIComponent(projectId);
  try {
    const [project, environments] = await Promise.all([
      api<Project>(`/projects/${id}`, { errorMessage: false }),
      api<Environment[]>(`/environments/${id}/environments`, { errorMessage: false }),
    ]);
    const withApps = await Promise.all(
      environments
        .filter((env) => env.status.status !== 'deleting')
        .map(async (env) => ({
          id: env.id,
          nom: env.nom,
          type: env.type,
          namespace_k8s_id: env.namespace_k8s_id,
          status: env.status,
          applications: await environmentApplications(env.id),
        })),
    );
    return { ...project, environments: withApps };
  } catch (err) {
    if (isGone(err)) return null;
    throw err;
  }
}

export function useRefreshProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: freshProject,
    onSuccess: (next, projectId) =>
      queryClient.setQueryData<DashboardResponse>(dashboardQueryKey, (data) =>
        data ? patchProject(data, projectId, next) : data,
      ),
    onError: notifyRefreshFailure,
  });
}
