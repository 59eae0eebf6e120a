import type { ProjectMonthCosts } from '@nuage/shared/billing-types';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const projectCostsErrors = {
  load: 'Erreur lors du chargement des coûts du projet',
} as const;

/** GET /projects/{id}/costs: the project's share of the month and its full quota's price. */
export const projectCostsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', projectId, 'costs'],
    queryFn: ({ signal }) =>
      api<ProjectMonthCosts>(`/projects/${encodeURIComponent(projectId)}/costs`, {
        signal,
        errorMessage: false,
      }),
  });
