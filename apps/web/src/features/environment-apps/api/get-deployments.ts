import { projectErrors } from '@nuage/shared/messages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isSettled } from '../components/deployment-status';

/** An application of the environment (SPEC §3 "Deployment / application"). */
export interface Deployment {
  id: string;
  nom: string;
  type_application: string;
  template: string;
  template_name: string;
  statut_deploiement: string;
  status_reason: string | null;
  cpu_requis: number;
  ram_requise: number;
  stockage_requis: number;
  replicas: number;
  image_registry_url: string | null;
  image_tag: string | null;
  nom_de_domaine: string | null;
  application_url: string | null;
  environnement_id: string;
  date_creation: string;
}

export function getDeployments(environmentId: string, signal?: AbortSignal) {
  return api<Deployment[]>(`/deployments/${encodeURIComponent(environmentId)}/deployments`, {
    signal,
    errorMessage: projectErrors.load,
  });
}

/** While an application is starting, changing or being removed, the list refreshes itself. */
export const UNSETTLED_REFRESH_MS = 3000;

export const deploymentsQueryOptions = (environmentId: string) =>
  queryOptions({
    queryKey: ['deployments', environmentId],
    queryFn: ({ signal }) => getDeployments(environmentId, signal),
    refetchInterval: (query) =>
      query.state.data?.some((d) => !isSettled(d.statut_deploiement))
        ? UNSETTLED_REFRESH_MS
        : false,
  });
