import { DEFAULT_HELM_CHART_VERSION } from '@nuage/shared/catalog';
import type { InlineDeployData } from '@nuage/shared/schemas/deploy-wizard';
import type { DeployErpInput } from '@nuage/shared/schemas/deployments';
import type { DeployCodeBody } from '@nuage/shared/schemas/deployments';
import { splitCommand } from '@nuage/shared/command-line';
import type { DeployImageBody } from '@nuage/shared/schemas/image-deploy';

const tls = (d: InlineDeployData) => ({
  certificat_tls_id: (d.nom_domaine && d.certificat_tls_id) || null,
  nom_domaine: d.nom_domaine || null,
});

/** SPEC §7: the inline variant sends 'ERP', the image and tag, the certificate, the domain. */
export const erpBodyOf = (d: InlineDeployData): DeployErpInput => ({
  nom: d.nom,
  cpu: d.cpu,
  ram: d.ram,
  replicas: d.replicas,
  type_application: d.source.type_application,
  image_registry_url: d.source.image_registry_url ?? '',
  image_tag: d.source.image_tag ?? '',
  ...tls(d),
});

/**
 * SPEC §7's inline deploy/code: the repository and its branch, no build argument, and
 * image_registry_url, image_tag null (the image is built from the code). A public repository
 * goes in `repo_url`; a private one in `repository_access` with the project token's id.
 */
export const codeBodyOf = (d: InlineDeployData): DeployCodeBody => {
  const url = d.source.repo_url ?? '';
  const tokenId = d.source.repository_type === 'private' ? (d.source.git_token_id ?? '') : '';
  return {
    nom: d.nom,
    cpu: d.cpu,
    ram: d.ram,
    replicas: d.replicas,
    type_application: d.source.code_runtime ?? 'nodejs',
    git_branch: d.source.git_branch || 'main',
    build_args: {},
    helm_chart_version: DEFAULT_HELM_CHART_VERSION,
    repo_url: tokenId ? null : url,
    repository_access: tokenId ? { repository_url: url, git_token_id: tokenId } : null,
    image_registry_url: null,
    image_tag: null,
    ...tls(d),
  };
};

/**
 * deploy/image (issue 30): the image as typed, its port, the command split into its arguments
 * (splitCommand), the variables filled in, the registry credentials when chosen.
 */
export const imageBodyOf = (d: InlineDeployData): DeployImageBody => {
  const src = d.source;
  const commande = splitCommand(src.commande ?? '') ?? [];
  return {
    nom: d.nom,
    image: (src.image ?? '').trim(),
    port: Number(src.port),
    ...(commande.length > 0 ? { commande } : {}),
    env_vars: (src.env_vars ?? [])
      .filter((v) => v.name.trim() !== '')
      .map((v) => ({ name: v.name.trim(), value: v.value ?? '', secret: Boolean(v.secret) })),
    cpu: d.cpu,
    ram: d.ram,
    replicas: d.replicas,
    chemin_sante: src.chemin_sante || undefined,
    registry_credential_id: src.registry_credential_id || null,
    redeploiement_auto: Boolean(src.redeploiement_auto),
    ...tls(d),
  };
};
