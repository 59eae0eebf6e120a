import { adminLogins, type AdminAccess } from '@nuage/shared/admin-access';
import type { Deployment } from '@nuage/shared/api-types';
import { templateOf } from '@nuage/shared/catalog';
import { fromMilli } from '@nuage/shared/quantities';
import type { deployments } from '../../db/schema/deployments';

type DeploymentRow = typeof deployments.$inferSelect;

const adminEmailOf = (row: DeploymentRow) =>
  typeof row.settings.adminEmail === 'string' ? row.settings.adminEmail : null;

/**
 * Where and as whom the customer logs in: the custom domain when set (https once a certificate
 * is attached), else the address the runtime gives.
 */
function adminAccessOf(row: DeploymentRow): AdminAccess {
  const login = adminLogins[templateOf(row.template).id];
  const base = row.domain
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
  return {
    id: row.id,
    nom: row.nom,
    type_application: row.category,
    template: row.template,
    template_name: template.name,
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
    application_url: row.applicationUrl,
    environnement_id: row.environmentId,
    projet_id: row.projectId,
    admin_email: adminEmailOf(row),
    acces_admin: adminAccessOf(row),
    base_de_donnees: { ...template.database },
    events: row.events,
    date_creation: row.createdAt.toISOString(),
    derniere_mise_a_jour: row.updatedAt.toISOString(),
    date_deploiement: row.deployedAt?.toISOString() ?? null,
  };
}

/** GET /deployments/deployment/{id}: the entity plus SPEC §3's server-side detail shape. */
export function presentDeploymentDetail(row: DeploymentRow) {
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
