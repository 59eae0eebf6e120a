import {
  codeTemplateIds,
  isSaasTemplateId,
  saasTemplates,
  templateOf,
  type SaasTemplate,
} from '@nuage/shared/catalog';
import type { Deployment } from '@nuage/shared/api-types';
import { templateOfImage } from '@nuage/shared/catalog-images';
import { toMilli } from '@nuage/shared/quantities';
import { deployMessages, type DeployErpInput } from '@nuage/shared/schemas/deployments';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../http/credential-records';
import { conflict, FieldValidationError } from '../../lib/errors';
import { authorizeEnvironment } from '../environments/service';
import { presentDeployment } from './presenter';
import { insertApplication } from './insert-application';
import { sealSecrets } from '../../engine/specs/sealed-secrets';
import { secretsFromInput } from './secrets';
import { deploymentErrorTexts, deploymentEventTexts } from '@nuage/shared/messages/deployments';
import { claimAddress } from './application-address';

export const NAME_TAKEN = deployMessages.nameTaken;
export const ENVIRONMENT_DELETING = deploymentErrorTexts.environmentDeleting;

const refuseImage = (msg: string) =>
  new FieldValidationError([{ loc: ['body', 'image_registry_url'], msg, type: 'image' }]);

/**
 * The template named by `type_application` (the wizard sends the lowercase template id). The
 * inline form sends 'ERP' with an image: the template is then recognised from the image, which
 * must be one of the catalogue's official images (anything else is refused, never deployed as
 * WordPress with a database it does not use); without an image, SPEC §9's WordPress fallback.
 * Null for a code template.
 */
export function resolveTemplate(
  typeApplication: string,
  image: string | undefined,
): SaasTemplate | null {
  const type = typeApplication.trim().toLowerCase();
  if (isSaasTemplateId(type)) {
    const template = saasTemplates[type];
    if (image && templateOfImage(image)?.id !== template.id)
      throw refuseImage(deployMessages.imageOfOtherTemplate(template.name));
    return template;
  }
  // User code (React, Node.js…) is announced, not available: never deploy WordPress instead.
  if (type === 'code' || (codeTemplateIds as readonly string[]).includes(type)) return null;
  if (!image) return templateOf(null);
  const fromImage = templateOfImage(image);
  if (!fromImage) throw refuseImage(deployMessages.imageNotInCatalogue);
  return fromImage;
}

/** An edit may change the tag, never swap the application's image for another one. */
export function checkImageOfTemplate(templateId: string, image: string | undefined): void {
  const template = templateOf(templateId);
  if (image && templateOfImage(image)?.id !== template.id)
    throw refuseImage(deployMessages.imageOfOtherTemplate(template.name));
}

/** POST /deployments/{envId}/deploy/erp: desired state written, the engine does the rest. */
export async function deployErp(
  ctx: AppContext,
  input: {
    environmentId: string;
    user: AuthUser;
    data: DeployErpInput;
    /** Internal settings set at creation (a restore target's hold: backups/new-application). */
    extraSettings?: Record<string, unknown>;
  },
): Promise<Deployment> {
  const env = await authorizeEnvironment(ctx.db, {
    environmentId: input.environmentId,
    userId: input.user.id,
    need: 'developer',
  });
  if (env.status === 'deleting') throw conflict(ENVIRONMENT_DELETING);
  const data = input.data;
  const template = resolveTemplate(data.type_application, data.image_registry_url);
  if (!template?.enabled) {
    throw new FieldValidationError([
      {
        loc: ['body', 'type_application'],
        msg: deployMessages.templateUnavailable,
        type: 'unavailable',
      },
    ]);
  }
  const { domain, certificate } = await claimAddress(ctx, {
    projectId: env.projectId,
    nom: data.nom,
    domain: data.nom_domaine,
    certificateId: data.certificat_tls_id ?? null,
  });
  const resources = {
    cpuMilli: toMilli(data.cpu),
    ramMb: toMilli(data.ram),
    storageMb: toMilli(data.storage ?? template.storage),
    replicas: data.replicas,
  };
  // SPEC §3's form has admin e-mail fields for Odoo and WordPress only: the others use the
  // deploying member's e-mail.
  const adminEmail =
    (template.id === 'odoo'
      ? data.odoo_email
      : template.id === 'wordpress'
        ? data.wordpress_email
        : undefined) ?? input.user.email;
  if (template.id === 'joomla' && data.admin_password && data.admin_password.length <= 12) {
    throw new FieldValidationError([
      {
        loc: ['body', 'admin_password'],
        msg: deployMessages.joomlaPasswordLength,
        type: 'too_short',
      },
    ]);
  }
  const sealed = sealSecrets(ctx.secrets.secretsKey, secretsFromInput(template, data));

  const row = await insertApplication(
    ctx,
    {
      env,
      nom: data.nom,
      template: template.id,
      domain,
      resources,
      values: () => ({
        category: 'ERP',
        imageRegistryUrl: data.image_registry_url ?? template.image,
        imageTag: data.image_tag ?? template.tag,
        helmChartVersion: template.helmVersion,
        certificateId: certificate?.id ?? null,
        settings: {
          adminEmail,
          helmValues: template.helmValues,
          database: template.database,
          ...input.extraSettings,
        },
        secretsSealed: sealed,
        createdBy: input.user.id,
        events: [{ at: new Date().toISOString(), message: deploymentEventTexts.deployRequested }],
      }),
    },
    async (_tx, created) => created,
  );
  ctx.log.info({ deploymentId: row.id, template: template.id }, 'deployment requested');
  ctx.engine.wake();
  return presentDeployment(row);
}
