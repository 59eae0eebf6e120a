import { DEFAULT_HELM_CHART_VERSION } from '@nuage/shared/catalog';
import type { DeployWizardData } from '@nuage/shared/schemas/deploy-wizard';
import type { DeployCodeBody } from '@nuage/shared/schemas/deployments';

/**
 * POST /deployments/{envId}/deploy/code (SPEC §7): a public repository goes as `repo_url`, a
 * private one as `repository_access` with its token's id; branch 'main' when left empty; the
 * port only when typed (else the build detects it).
 */
export function codeDeployBody(data: DeployWizardData, templateId: string): DeployCodeBody {
  const url = (data.repository_url ?? '').trim();
  const isPrivate = data.repository_type === 'private';
  return {
    nom: data.app_name,
    cpu: data.cpu,
    ram: data.ram,
    replicas: data.replicas,
    type_application: templateId,
    git_branch: data.branch || 'main',
    build_args: Object.fromEntries((data.build_args ?? []).map((a) => [a.key, a.value])),
    helm_chart_version: DEFAULT_HELM_CHART_VERSION,
    repo_url: isPrivate ? null : url,
    repository_access: isPrivate
      ? { repository_url: url, git_token_id: data.git_token_id ?? '' }
      : null,
    env_vars: (data.env_vars ?? []).map((v) => ({
      name: v.name,
      value: v.value,
      secret: v.secret,
    })),
    ...(data.port !== undefined ? { port: data.port } : {}),
    certificat_tls_id: (data.custom_domain && data.certificat_tls_id) || null,
    nom_domaine: data.custom_domain || null,
  };
}
