import { databaseEngines, isDatabaseEngine } from '@nuage/shared/database-engines';
import { adminLogins, type AdminAccess } from '@nuage/shared/admin-access';
import type { Deployment } from '@nuage/shared/api-types';
import type { DeploymentDetailBase, PodStatus } from '@nuage/shared/schemas/responses/deployments';
import { codeTemplates, templateOf } from '@nuage/shared/catalog';
import { fromMilli } from '@nuage/shared/quantities';
import { restartPending } from '../../engine/specs/spec-for-deployment';
import type { deployments } from '../../db/schema/deployments';
import { imageSettingsOf } from '../../engine/specs/image-settings';
import { DEFAULT_IMAGE_DATA_PATH } from '../../engine/templates/image-spec';
import { imageDeployTexts } from '@nuage/shared/messages/images';
import { composeTexts } from '@nuage/shared/messages/compose';
import { composeSettingsOf } from '../../engine/specs/compose-settings';

type DeploymentRow = typeof deployments.$inferSelect;
/** A row as the dashboard reads it: every column but the events, which only the detail shows. */
export type DeploymentSummaryRow = Omit<DeploymentRow, 'events'>;

const servedDomainOf = (row: DeploymentSummaryRow) => (row.domainVerifiedAt ? row.domain : null);

const adminEmailOf = (row: DeploymentSummaryRow) =>
  typeof row.settings.adminEmail === 'string' ? row.settings.adminEmail : null;

/**
 * The application's address: its custom domain once verified (https once a certificate is
 * attached), else the address the runtime gives. A domain awaiting its proof of control is not
 * routed.
 */
export function siteAddressOf(row: DeploymentSummaryRow): string | null {
  return servedDomainOf(row)
    ? `${row.certificateId ? 'https' : 'http'}://${row.domain}`
    : (row.applicationUrl?.replace(/\/$/, '') ?? null);
}

/** Where and as whom the customer logs in (at siteAddressOf). */
export function adminAccessOf(row: DeploymentSummaryRow): AdminAccess {
  // User code and user images have no admin account of the platform's making: the application's own address.
  if (row.sourceKind === 'code' || row.sourceKind === 'image' || row.sourceKind === 'compose') {
    return {
      url_connexion: row.applicationUrl,
      identifiant: null,
      email: null,
      mot_de_passe_gere: false,
    };
  }
  const login = adminLogins[templateOf(row.template).id];
  const base = siteAddressOf(row);
  const email = adminEmailOf(row);
  return {
    url_connexion: base ? `${base}${login.path === '/' ? '' : login.path}` : null,
    identifiant: login.login === 'admin' ? 'admin' : login.login === 'email' ? email : null,
    email: login.managedPassword ? email : null,
    mot_de_passe_gere: login.managedPassword,
  };
}

function presentImageSettings(row: DeploymentSummaryRow) {
  const s = imageSettingsOf(row.settings);
  return {
    commande: s.command,
    chemin_sante: s.healthPath,
    chemin_donnees: s.dataPath ?? DEFAULT_IMAGE_DATA_PATH,
    registry_credential_id: row.registryCredentialId,
    redeploiement_auto: row.imageWatch,
    // What runs: the digest a new version pinned, else the one the last check read.
    empreinte_en_service: row.imageDigest ?? row.imageWatchDigest,
    derniere_verification: row.imageWatchCheckedAt?.toISOString() ?? null,
    erreur_registre: row.imageWatchError,
    webhook_registre: row.imageWatchHookHash !== null,
  };
}

/** A Compose application's services as the deploy read them (never the file: it may hold passwords). */
function presentCompose(row: DeploymentSummaryRow) {
  const s = composeSettingsOf(row.settings);
  return {
    service_expose: s.exposedService,
    port: row.port ?? 0,
    services: s.services.map((v) => ({
      nom: v.name,
      image: v.image,
      cpu: fromMilli(v.cpuMilli),
      ram: fromMilli(v.ramMb),
      limites_du_fichier: v.limited,
      construit: v.built === true,
    })),
    volumes: s.volumes.map((v) => ({ nom: v.name, taille: fromMilli(v.sizeMb) })),
    chemin_compose: s.composePath ?? null,
  };
}

/** SPEC §3 "Deployment / application" fields (and a few the screens need), never a secret. */
export function presentDeployment(row: DeploymentRow): Deployment {
  return Object.assign(presentDeploymentFields(row), { events: row.events });
}

/** presentDeployment but the events. */
function presentDeploymentFields(row: DeploymentSummaryRow): Omit<Deployment, 'events'> {
  const template = templateOf(row.template);
  const code = row.sourceKind === 'code';
  const image = row.sourceKind === 'image';
  const compose = row.sourceKind === 'compose';
  return {
    id: row.id,
    nom: row.nom,
    type_application: row.category,
    template: row.template,
    template_name: code
      ? (codeTemplates.find((t) => t.id === row.template)?.name ?? row.template)
      : image
        ? imageDeployTexts.imageLabel
        : isDatabaseEngine(row.template)
          ? databaseEngines[row.template].label
          : compose
            ? composeTexts.composeLabel
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
    base_de_donnees: code || image || compose ? null : { ...template.database },
    source_kind: row.sourceKind,
    image_settings: image ? presentImageSettings(row) : null,
    compose: compose ? presentCompose(row) : null,
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
    date_creation: row.createdAt.toISOString(),
    derniere_mise_a_jour: row.updatedAt.toISOString(),
    date_deploiement: row.deployedAt?.toISOString() ?? null,
  };
}

/** An application's pods as its detail and the dashboard show them. */
export function presentPodStatuses(pods: DeploymentSummaryRow['pods']): PodStatus[] {
  return pods.map((p) => ({
    name: p.name,
    status: p.status,
    ready: p.ready,
    restarts: p.restarts,
  }));
}

/** GET /deployments/deployment/{id}: the entity plus SPEC §3's server-side detail shape. */
export function presentDeploymentDetail(row: DeploymentRow): DeploymentDetailBase {
  return Object.assign(presentDetailFields(row), { events: row.events });
}

/** The detail without its events (up to 20 French messages per application). */
function presentDetailFields(row: DeploymentSummaryRow): Omit<DeploymentDetailBase, 'events'> {
  const entity = presentDeploymentFields(row);
  const image = `${row.imageRegistryUrl}:${row.imageTag}`;
  // Added to the fresh entity, not spread into a copy: V8 copies an object of ~45 properties by
  // spread and then adds to it about a hundred times slower (measured: 30 µs against 0.3 µs an
  // application), which was most of the dashboard's CPU for 400 applications (issue 32), when
  // the dashboard listed the detail.
  return Object.assign(entity, {
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
    pods_status: presentPodStatuses(row.pods),
    deployment_sync: {
      status: { summary: { images: row.images.length > 0 ? row.images : [image] } },
    },
  });
}
