import { operationsErrors } from '@nuage/shared/operations-messages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /deployments/{envId}/deployments: SPEC §3 "Deployment / application" entities. */
export interface DeploymentEntity {
  id: string;
  nom: string;
  type_application: 'ERP' | 'CODE';
  template: string;
  template_name: string;
  statut_deploiement: string;
  status_reason: string | null;
  cpu_requis: number;
  ram_requise: number;
  stockage_requis: number;
  replicas: number;
  repo_url: string | null;
  image_registry_url: string;
  image_tag: string;
  helm_chart_version: string;
  certificat_tls_id: string | null;
  nom_de_domaine: string | null;
  application_url: string | null;
  environnement_id: string;
  projet_id: string;
  date_creation: string;
  derniere_mise_a_jour: string;
  date_deploiement: string | null;
}

export function getDeployments(environmentId: string, signal?: AbortSignal) {
  return api<DeploymentEntity[]>(`/deployments/${encodeURIComponent(environmentId)}/deployments`, {
    signal,
    errorMessage: operationsErrors.dataLoad,
  });
}

const SETTLED = new Set(['RUNNING', 'DEPLOYED', 'HEALTHY', 'FAILED']);
const REFRESH_WHILE_CHANGING_MS = 3000;

export const deploymentsQueryOptions = (environmentId: string) =>
  queryOptions({
    queryKey: ['deployments', 'environment', environmentId],
    queryFn: ({ signal }) => getDeployments(environmentId, signal),
    // While an application starts, scales or is deleted, the list follows it.
    refetchInterval: (query) =>
      query.state.data?.some((d) => !SETTLED.has(d.statut_deploiement.toUpperCase()))
        ? REFRESH_WHILE_CHANGING_MS
        : false,
  });
