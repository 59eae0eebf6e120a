import { RESTORE_PENDING } from '../backup-parts';
import type { deployments } from '../../db/schema/deployments';
import { unsealEnvVars, unsealSecrets } from './sealed-secrets';
import type { ServedDomainLookup } from '../routing/served-domains';
import type { ApplicationSpec } from '../spec';
import { buildApplicationSpec } from '../templates/build-spec';
import { buildCodeApplicationSpec } from '../templates/code-spec';
import { buildImageApplicationSpec } from '../templates/image-spec';
import type { RegistryCredentialLookup } from './registry-credential-lookup';
import { imageSettingsOf } from './image-settings';

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
  /** The URL users open, when the runtime decides it (docker's edge proxy); null otherwise. */
  applicationUrl: ApplicationUrl | null;
}): Promise<ApplicationSpec> {
  const row = { ...opts.row, domain: await opts.servedDomain(opts.row) };
  if (row.sourceKind === 'image') {
    const settings = imageSettingsOf(row.settings);
    const credentials =
      row.registryCredentialId && opts.registryCredentials
        ? await opts.registryCredentials(row.registryCredentialId)
        : null;
    return buildImageApplicationSpec({
      deployment: { ...row, image: `${row.imageRegistryUrl}:${row.imageTag}`, imageDigest: null },
      envVars: unsealEnvVars(opts.secretsKey, row.envVars),
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
      envVars: unsealEnvVars(opts.secretsKey, row.envVars),
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
  awaitsRestore(row) ? 0 : row.replicas;
