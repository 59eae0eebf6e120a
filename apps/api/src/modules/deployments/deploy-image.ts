import type { Deployment } from '@nuage/shared/api-types';
import { parseImageReference, registryOf } from '@nuage/shared/image-reference';
import { imageDeployTexts } from '@nuage/shared/messages/images';
import { toMilli } from '@nuage/shared/quantities';
import type { DeployImageInput } from '@nuage/shared/schemas/image-deploy';
import type { AppContext } from '../../app-context';
import type { deployments } from '../../db/schema/deployments';
import { placeholderSecretsSealed } from '../../engine/specs/sealed-secrets';
import { imageSettings } from '../../engine/specs/image-settings';
import type { AuthUser } from '../../http/credential-records';
import { conflict, FieldValidationError } from '../../lib/errors';
import { authorizeEnvironment } from '../environments/service';
import { findRegistryCredential } from '../registry-credentials/service';
import { CODE_STORAGE_MB } from './deploy-code';
import { ENVIRONMENT_DELETING } from './deploy';
import { storeEnvVars } from './env-vars-store';
import { insertApplication } from './insert-application';
import { registryPolicyOf, registryRefusal } from './image-registry-policy';
import { presentDeployment } from './presenter';
import { claimAddress } from './application-address';

const fieldError = (field: string, msg: string, type: string) =>
  new FieldValidationError([{ loc: ['body', field], msg, type }]);

/**
 * The project's credentials named for an image: they must exist in the project and be the
 * image's registry's (a token for ghcr.io is never sent to another registry).
 */
async function credentialFor(
  ctx: AppContext,
  projectId: string,
  credentialId: string | null,
  repository: string,
  field: string,
): Promise<string | null> {
  if (!credentialId) return null;
  const found = await findRegistryCredential(ctx.db, { projectId, credentialId });
  if (!found) throw fieldError(field, imageDeployTexts.credentialUnknown, 'unknown');
  const imageRegistry = registryOf(repository);
  if (found.registry !== imageRegistry)
    throw fieldError(
      field,
      imageDeployTexts.credentialOtherRegistry(found.registry, imageRegistry),
      'registry',
    );
  return found.id;
}

/** The registry the image comes from is one a tenant may pull from (image-registry-policy.ts). */
function checkRegistry(ctx: AppContext, repository: string, field: string): void {
  const refusal = registryRefusal(repository, registryPolicyOf(ctx.config));
  if (refusal) throw fieldError(field, refusal, 'registry');
}

/**
 * An edit that moves an image application to another image: from a registry a tenant may pull
 * from, and keeping to its credentials' registry.
 */
export async function checkImageCredential(
  ctx: AppContext,
  row: Pick<typeof deployments.$inferSelect, 'projectId' | 'registryCredentialId'>,
  repository: string,
): Promise<void> {
  checkRegistry(ctx, repository, 'image_registry_url');
  if (!row.registryCredentialId) return;
  await credentialFor(
    ctx,
    row.projectId,
    row.registryCredentialId,
    repository,
    'image_registry_url',
  );
}

/**
 * POST /deployments/{envId}/deploy/image (issue 30): any container image, from a public
 * registry or a private one with the project's credentials. Checked like every application
 * (the developer's role, the name, the domain, the certificate, the project's quota under its
 * lock), then written as desired state: the engine pulls the image and runs it as a code
 * application's release runs (engine/templates/image-spec.ts).
 */
export async function deployImage(
  ctx: AppContext,
  input: { environmentId: string; user: AuthUser; data: DeployImageInput },
): Promise<Deployment> {
  const env = await authorizeEnvironment(ctx.db, {
    environmentId: input.environmentId,
    userId: input.user.id,
    need: 'developer',
  });
  if (env.status === 'deleting') throw conflict(ENVIRONMENT_DELETING);
  const data = input.data;
  const ref = parseImageReference(data.image);
  // The schema refused anything else; kept for the type.
  if (!ref) throw fieldError('image', imageDeployTexts.imageInvalid, 'image');
  checkRegistry(ctx, ref.repository, 'image');
  const credentialId = await credentialFor(
    ctx,
    env.projectId,
    data.registry_credential_id?.trim() || null,
    ref.repository,
    'registry_credential_id',
  );
  const envVars = storeEnvVars(
    ctx.secrets.secretsKey,
    data.env_vars ?? [],
    [],
    ['body', 'env_vars'],
  );
  const { domain, certificate } = await claimAddress(ctx, {
    projectId: env.projectId,
    nom: data.nom,
    domain: data.nom_domaine,
    certificateId: data.certificat_tls_id?.trim() || null,
  });
  const resources = {
    cpuMilli: toMilli(data.cpu),
    ramMb: toMilli(data.ram),
    storageMb: data.storage === undefined ? CODE_STORAGE_MB : toMilli(data.storage),
    replicas: data.replicas,
  };
  const row = await insertApplication(
    ctx,
    {
      env,
      nom: data.nom,
      template: 'image',
      domain,
      resources,
      values: () => ({
        category: 'CODE',
        sourceKind: 'image',
        imageRegistryUrl: ref.repository,
        imageTag: ref.tag,
        certificateId: certificate?.id ?? null,
        registryCredentialId: credentialId,
        // The first check reads the digest this deploy pulls: the baseline of new versions.
        imageWatch: data.redeploiement_auto ?? false,
        imageWatchNextAt: data.redeploiement_auto ? new Date() : null,
        port: data.port,
        envVars,
        settings: imageSettings({
          command: data.commande && data.commande.length > 0 ? data.commande : null,
          healthPath: data.chemin_sante ?? null,
          dataPath: data.chemin_donnees ?? null,
        }),
        secretsSealed: placeholderSecretsSealed(ctx.secrets.secretsKey),
        createdBy: input.user.id,
        events: [{ at: new Date().toISOString(), message: imageDeployTexts.deployRequested }],
      }),
    },
    async (_tx, created) => created,
  );
  ctx.log.info({ deploymentId: row.id, image: data.image }, 'image deployment requested');
  ctx.engine.wake();
  return presentDeployment(row);
}
