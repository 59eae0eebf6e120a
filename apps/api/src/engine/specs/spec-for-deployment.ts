import { RESTORE_PENDING } from '../backup-parts';
import type { deployments } from '../../db/schema/deployments';
import { unsealEnvVars, unsealSecrets } from './sealed-secrets';
import type { ServedDomainLookup } from '../routing/served-domains';
import type { ApplicationSpec } from '../spec';
import { buildApplicationSpec } from '../templates/build-spec';
import { buildCodeApplicationSpec } from '../templates/code-spec';
import { buildImageApplicationSpec } from '../templates/image-spec';
import type { RegistryCredentialLookup } from './registry-credential-lookup';
import type { ProjectRegistryCredentialsLookup } from './project-registry-credentials';
import { imageSettingsOf } from './image-settings';
import { buildDatabaseServiceSpec } from '../templates/database-service-spec';
import { databaseSettingsOf } from './database-settings';
import { withLinkedVariables, type LinkedDatabasesLookup } from './linked-databases';
import { composeSettingsOf } from './compose-settings';
import { buildComposeApplicationSpec } from '../templates/compose-spec';
import { decryptSecret } from '../../lib/crypto';
import type { DatabasePublicSettings } from './database-public-endpoint';
import { publicEndpointOf } from './database-public-endpoint';

export type DeploymentRow = typeof deployments.$inferSelect;

/** A restart was asked for that the engine has not carried out yet. */
export function restartPending(
  row: Pick<DeploymentRow, 'restartRequestedAt' | 'restartObservedAt'>,
): boolean {
  return (
    row.restartRequestedAt !== null &&
    (row.restartObservedAt === null || row.restartRequestedAt > row.restartObservedAt)
  );
}

/** A TLS certificate's PEMs by id, for applications that attach one (null when none). */
export type CertificateLookup = (
  certificateId: string,
) => Promise<{ certificatePem: string; privateKeyPem: string } | null>;

/** The URL of an application as its runtime serves it (installed into WordPress as siteurl). */
export type ApplicationUrl = (
  row: Pick<DeploymentRow, 'hostLabel' | 'domain' | 'certificateId'>,
) => string | null;

/**
 * The desired state of one application row as a runtime-neutral spec. Its custom domain is the
 * one it may be served at (served-domains.ts): none while the domain awaits its proof of
 * control or belongs to an earlier claim, so no Ingress, route, certificate or site URL names it.
 * Called only by the engine's ApplicationSpecs (application-specs.ts), which holds every input,
 * so no caller can build a spec that differs from the one deployed.
 */
export async function specForDeployment(opts: {
  row: DeploymentRow;
  namespace: string;
  secretsKey: Buffer;
  certificates: CertificateLookup;
  servedDomain: ServedDomainLookup;
  /** An image application's registry credentials in clear (issue 30); none known when absent. */
  registryCredentials?: RegistryCredentialLookup;
  /** The project's registry credentials, for a Compose application's services' images. */
  projectRegistryCredentials?: ProjectRegistryCredentialsLookup;
  /** The URL users open, when the runtime decides it (docker's edge proxy); null otherwise. */
  applicationUrl: ApplicationUrl | null;
  /** The connection strings of the databases linked to an application (issue 25). */
  linkedDatabases?: LinkedDatabasesLookup;
  /** Databases' public endpoints (DATABASE_PUBLIC_*): absent, none is published. */
  databasePublic?: DatabasePublicSettings | undefined;
}): Promise<ApplicationSpec> {
  if (opts.row.category === 'DATABASE') {
    const settings = databaseSettingsOf(opts.row.settings);
    return buildDatabaseServiceSpec({
      deployment: opts.row,
      engine: settings.engine,
      image: `${opts.row.imageRegistryUrl}:${opts.row.imageTag}`,
      host: settings.host,
      namespace: opts.namespace,
      secrets: unsealSecrets(opts.secretsKey, opts.row.secretsSealed),
      passwordRevision: settings.passwordRevision,
      restartRevision: settings.restartRevision,
      stopped: settings.stopped,
      publicEndpoint: publicEndpointOf(settings.publicAccess ?? null, opts.databasePublic),
    });
  }
  const row = { ...opts.row, domain: await opts.servedDomain(opts.row) };
  if (row.sourceKind === 'compose') {
    const compose = composeSettingsOf(row.settings);
    return buildComposeApplicationSpec({
      deployment: { ...row, image: `${row.imageRegistryUrl}:${row.imageTag}`, imageDigest: null },
      namespace: opts.namespace,
      certificate: row.certificateId ? await opts.certificates(row.certificateId) : null,
      file: row.composeFileSealed ? decryptSecret(opts.secretsKey, row.composeFileSealed) : '',
      exposedService: compose.exposedService,
      builtServices: new Set(compose.services.filter((s) => s.built).map((s) => s.name)),
      registryCredentials: opts.projectRegistryCredentials
        ? await opts.projectRegistryCredentials(row.projectId)
        : [],
    });
  }
  const linked = opts.linkedDatabases ? await opts.linkedDatabases(row.id) : [];
  if (row.sourceKind === 'image') {
    const settings = imageSettingsOf(row.settings);
    const credentials =
      row.registryCredentialId && opts.registryCredentials
        ? await opts.registryCredentials(row.registryCredentialId)
        : null;
    return buildImageApplicationSpec({
      // The digest the watch of new versions pinned (null: the tag as pulled at each apply).
      deployment: {
        ...row,
        image: `${row.imageRegistryUrl}:${row.imageTag}`,
        imageDigest: row.imageDigest,
      },
      envVars: withLinkedVariables(unsealEnvVars(opts.secretsKey, row.envVars), linked),
      namespace: opts.namespace,
      certificate: row.certificateId ? await opts.certificates(row.certificateId) : null,
      image: { ...settings, credentials },
    });
  }
  if (row.sourceKind === 'code') {
    return buildCodeApplicationSpec({
      deployment: {
        ...row,
        image: `${row.imageRegistryUrl}:${row.imageTag}`,
        imageDigest: row.imageDigest,
      },
      envVars: withLinkedVariables(unsealEnvVars(opts.secretsKey, row.envVars), linked),
      namespace: opts.namespace,
      certificate: row.certificateId ? await opts.certificates(row.certificateId) : null,
    });
  }
  const spec = buildApplicationSpec({
    deployment: {
      id: row.id,
      projectId: row.projectId,
      environmentId: row.environmentId,
      nom: row.nom,
      runtimeName: row.runtimeName,
      hostLabel: row.hostLabel,
      template: row.template,
      imageRegistryUrl: row.imageRegistryUrl,
      imageTag: row.imageTag,
      cpuMilli: row.cpuMilli,
      ramMb: row.ramMb,
      storageMb: row.storageMb,
      replicas: row.replicas,
      domain: row.domain,
      generation: row.generation,
      adminEmail: typeof row.settings.adminEmail === 'string' ? row.settings.adminEmail : '',
      adminPasswordRevision: Number(row.settings.adminPasswordRevision ?? 0),
    },
    namespace: opts.namespace,
    secrets: unsealSecrets(opts.secretsKey, row.secretsSealed),
    certificate: row.certificateId ? await opts.certificates(row.certificateId) : null,
    applicationUrl: opts.applicationUrl?.(row) ?? null,
  });
  if (!awaitsRestore(row)) return spec;
  // Each replica's share of the resources stays the one it will run with.
  return { ...spec, replicas: 0, setup: null };
}

/**
 * An application created to receive a restore runs only its database until the backup is
 * loaded (backup-parts.ts): no replica serving an empty site, and no setup task, which needs
 * the application's files (WordPress's image copies them when a replica first starts) and
 * would only install a site the restore replaces. Lifting the hold applies the full spec:
 * replicas on the restored data, then the setup task sets this application's URL and admin.
 */
const awaitsRestore = (row: DeploymentRow) => row.settings[RESTORE_PENDING] === true;

/**
 * The replicas the runtime runs for the application: none while it awaits its restore. What
 * drift is measured against too, so a held application's missing replicas are not "repaired".
 */
export const replicasToRun = (row: DeploymentRow): number =>
  // A database of the environment runs its database component only (its row's 1 is its reservation).
  awaitsRestore(row) || row.category === 'DATABASE' ? 0 : row.replicas;
