import { z } from 'zod/mini';
import { parseImageReference } from '../image-reference';
import { imageDeployTexts as t } from '../messages/images';
import { envVarListSchema } from './code';
import { appNameField, cpuField, ramField, replicasField, storageField } from './deployments';
import { optionalDomain } from './domain';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** The container's port: required (an image says nothing the platform can read reliably). */
const containerPort = z
  .number({ error: t.portRequired })
  .check(z.int({ error: t.portRequired }), z.gte(1, t.portRequired), z.lte(65535, t.portRequired));

/** `/healthz`: a path only (never a URL: the check runs against the container's own port). */
export const HEALTH_PATH_PATTERN = /^\/[A-Za-z0-9._~!$&'()*+,;=:@%/?-]{0,255}$/;

/**
 * Where the application's volume is mounted inside its container: an absolute path of the
 * container (never of the host: there is no host path field), not the root nor the kernel's
 * and the system's own directories, which a volume would hide.
 */
export function isDataPath(v: string): boolean {
  if (!/^\/[A-Za-z0-9._/-]{1,255}$/.test(v) || v.split('/').includes('..')) return false;
  const first = v.split('/')[1] ?? '';
  return !['', 'proc', 'sys', 'dev', 'etc', 'bin', 'sbin', 'lib', 'lib64', 'usr', 'run'].includes(
    first,
  );
}

/**
 * POST /deployments/{envId}/deploy/image (issue 30): any container image. The image is one
 * reference with its tag (`ghcr.io/acme/api:1.4`; no tag = `latest`); `commande` replaces the
 * image's CMD (its ENTRYPOINT stays), one argument per item; nothing here can ask for a
 * privilege, a host path or the host's network: those are not fields.
 */
export const deployImageSchema = z.object({
  nom: appNameField,
  image: z.string({ error: t.imageRequired }).check(
    z.trim(),
    z.minLength(1, { error: t.imageRequired, abort: true }),
    z.refine((v) => !v.includes('@'), { error: t.imageDigestRefused, abort: true }),
    z.refine((v) => parseImageReference(v) !== null, t.imageInvalid),
  ),
  port: containerPort,
  commande: z.optional(
    z
      .array(z.string().check(z.maxLength(4096, t.commandInvalid)))
      .check(z.maxLength(50, t.commandInvalid)),
  ),
  env_vars: z.optional(envVarListSchema),
  cpu: cpuField,
  ram: ramField,
  storage: z.optional(storageField),
  replicas: replicasField,
  chemin_sante: z.optional(
    z.pipe(
      z.transform(blankToUndefined),
      z.optional(z.string().check(z.trim(), z.regex(HEALTH_PATH_PATTERN, t.healthPathInvalid))),
    ),
  ),
  chemin_donnees: z.optional(
    z.pipe(
      z.transform(blankToUndefined),
      z.optional(
        z.string().check(
          z.trim(),
          z.refine((v) => isDataPath(v), t.dataPathInvalid),
        ),
      ),
    ),
  ),
  registry_credential_id: z.nullish(z.pipe(z.transform(blankToUndefined), z.optional(z.string()))),
  /** « Redéployer à chaque nouvelle version »: follow the tag's digest in its registry. */
  redeploiement_auto: z.optional(z.boolean(t.watchInvalid)),
  nom_domaine: optionalDomain,
  certificat_tls_id: z.nullish(z.pipe(z.transform(blankToUndefined), z.optional(z.string()))),
});
export type DeployImageInput = z.infer<typeof deployImageSchema>;
export type DeployImageBody = z.input<typeof deployImageSchema>;

/** PUT /deployments/{id}/image-watch: « Redéployer à chaque nouvelle version » on or off. */
export const imageWatchSettingsSchema = z.object({
  redeploiement_auto: z.boolean(t.watchInvalid),
});
export type ImageWatchSettingsInput = z.infer<typeof imageWatchSettingsSchema>;

/** POST /deployments/{id}/image-watch/hook: the registry webhook's URL, answered this once. */
export const imageWatchHookSchema = z.object({ url: z.string() });
export type ImageWatchHook = z.infer<typeof imageWatchHookSchema>;

/** POST /webhooks/image/{id}/{token}: the check was asked. */
export const imageWatchHookResultSchema = z.object({ message: z.string() });
