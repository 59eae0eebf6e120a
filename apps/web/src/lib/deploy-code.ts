import type { Deployment } from '@nuage/shared/api-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { refreshAfterDeploy } from './deploy-application';

/** A variable as sent (deploy/code, PUT env-vars): an existing secret sent without `value` keeps it. */
export interface EnvVarInput {
  name: string;
  value?: string;
  secret: boolean;
}

/** POST /deployments/{envId}/deploy/code (SPEC §7 + issue 13's env_vars and port). */
export interface DeployCodeBody {
  nom: string;
  cpu: number;
  ram: number;
  replicas: number;
  /** react | vue | nodejs | python | php | java; the inline form sends 'CODE'. */
  type_application: string;
  git_branch: string;
  build_args: Record<string, string>;
  helm_chart_version: string;
  /** Public repository; null when `repository_access` carries a private one. */
  repo_url: string | null;
  repository_access: { repository_url: string; git_token_id: string } | null;
  env_vars?: EnvVarInput[];
  port?: number;
  certificat_tls_id?: string | null;
  nom_domaine?: string | null;
  image_registry_url?: null;
  image_tag?: null;
}

/** 201: the application as deploy/erp answers it, plus its first build (queued at once). */
export type DeployCodeResult = Deployment & { build_id: string };

interface DeployCodeVariables {
  environmentId: string;
  projectId: string;
  body: DeployCodeBody;
}

/** Failures are the caller's: 422 details go to their fields, a quota refusal to its modal. */
export function deployCode({ environmentId, body }: DeployCodeVariables) {
  return api<DeployCodeResult>(`/deployments/${encodeURIComponent(environmentId)}/deploy/code`, {
    method: 'POST',
    body,
    errorMessage: false,
  });
}

export function useDeployCode({ awaitLists }: { awaitLists: boolean }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deployCode,
    onSuccess: (_app, target) => refreshAfterDeploy(queryClient, target, awaitLists),
  });
}
