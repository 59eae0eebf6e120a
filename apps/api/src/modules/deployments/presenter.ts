import { adminLogins, type AdminAccess } from '@nuage/shared/admin-access';
import type { Deployment } from '@nuage/shared/api-types';
import type { DeploymentDetailBase } from '@nuage/shared/schemas/responses/deployments';
import { codeTemplates, templateOf } from '@nuage/shared/catalog';
import { fromMilli } from '@nuage/shared/quantities';
import { restartPending } from '../../engine/specs/spec-for-deployment';
import type { deployments } from '../../db/schema/deployments';

type DeploymentRow = typeof deployments.$inferSelect;

const servedDomainOf = (row: DeploymentRow) => (row.domainVerifiedAt ? row.domain : null);

const adminEmailOf = (row: DeploymentRow) =>
  typeof row.settings.adminEmail === 'string' ? row.settings.adminEmail : null;

/**
 * Where and as whom the customer logs in: the custom domain when set (https once a certificate
 * is attached), else the address the runtime gives.
 */
function adminAccessOf(row: DeploymentRow): AdminAccess {
  // User code has no admin account of the platform's making: the application's own address.
  if (row.sourceKind === 'code') {
    return {
      url_connexion: row.applicationUrl,
      identifiant: null,
      email: null,
      mot_de_passe_gere: false,
    };
  }
  const login = adminLogins[templateOf(row.template).id];
  // A domain awaiting its proof of control is not routed: the address the runtime gives.
  const base = servedDomainOf(row)
    ? `${row.certificateId ? 'https' : 'http'}://${row.domain}`
    : row.applicationUrl?.replace(/\/$/, '');
  const email = adminEmailOf(row);
  return {
    url_connexion: base ? `${base}${login.path === '/' ? '' : login.path}` : null,
    identifiant: login.login === 'admin' ? 'admin' : login.login === 'email' ? email : null,
    email: login.managedPassword ? email : null,
    mot_de_passe_gere: login.managedPassword,
  };
}

/** SPEC §3 "Deployment / application" fields (and a few the screens need), never a secret. */
export function presentDeployment(row: DeploymentRow): Deployment {
  const template = templateOf(row.template);
  const code = row.sourceKind === 'code';
  return {
    id: row.id,
    nom: row.nom,
    type_application: row.category,
    template: row.template,
    template_name: code
      ? (codeTemplates.find((t) => t.id === row.template)?.name ?? row.template)
      : template.name,
    statut_deploiement: row.desiredState === 'absent' ? 'DELETING' : row.status,
    status_reason: row.statusReason,
    cpu_requis: fromMilli(row.cpuMilli),
    ram_requise: fromMilli(row.ramMb),
    stockage_requis: fromMilli(row.storageMb),
    replicas: row.replicas,
    repo_url: row.repoUrl,
    git_branch: row.gitBranch,
    image_registry_url: row.imageRegistryUrl,
    image_tag: row.imageTag,
    helm_chart_version: row.helmChartVersion,
    certificat_tls_id: row.certificateId,
    nom_de_domaine: row.domain,
    statut_domaine: row.domain ? (row.domainVerifiedAt ? 'verifie' : 'en_attente') : null,
    application_url: row.applicationUrl,
    environnement_id: row.environmentId,
    projet_id: row.projectId,
    admin_email: adminEmailOf(row),
    acces_admin: adminAccessOf(row),
    base_de_donnees: code ? null : { ...template.database },
    source_kind: row.sourceKind,
    repository_url: row.repoUrl,
    git_token_id: row.gitTokenId,
    build_args: row.buildArgs ?? {},
    port: row.port,
    current_release:
      row.currentReleaseId && row.currentReleaseNumero !== null
        ? { id: row.currentReleaseId, numero: row.currentReleaseNumero }
        : null,
    rollout_error: row.rolloutError,
    rollout_pending: row.desiredReleaseId !== null,
    change_pending: row.generation > row.observedGeneration || restartPending(row),
    events: row.events,
    date_creation: row.createdAt.toISOString(),
    derniere_mise_a_jour: row.updatedAt.toISOString(),
    date_deploiement: row.deployedAt?.toISOString() ?? null,
  };
}

/** GET /deployments/deployment/{id}: the entity plus SPEC §3's server-side detail shape. */
export function presentDeploymentDetail(row: DeploymentRow): DeploymentDetailBase {
  const entity = presentDeployment(row);
  const image = `${row.imageRegistryUrl}:${row.imageTag}`;
  return {
    ...entity,
    application_name: row.nom,
    status: entity.statut_deploiement,
    cpu_required: entity.cpu_requis,
    ram_required: entity.ram_requise,
    replicas: row.replicas,
    repository_url: row.repoUrl,
    image_url: image,
    created_at: entity.date_creation,
    updated_at: entity.derniere_mise_a_jour,
    environment_id: row.environmentId,
    domain: row.domain,
    pods_status: row.pods.map((p) => ({
      name: p.name,
      status: p.status,
      ready: p.ready,
      restarts: p.restarts,
    })),
    deployment_sync: {
      status: { summary: { images: row.images.length > 0 ? row.images : [image] } },
    },
  };
}
