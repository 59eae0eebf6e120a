import { z } from 'zod/mini';
import { composeTexts as t } from '../messages/compose';
import { appNameField } from './deployments';
import { optionalDomain } from './domain';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A Compose service's name as the platform accepts it: a DNS label (its pods', its Service's). */
export const COMPOSE_SERVICE_NAME = /^[a-z][a-z0-9-]{0,29}$/;

/** 64 KB: the API parses the file; this only bounds the request. */
export const MAX_COMPOSE_LENGTH = 64 * 1024;

/**
 * POST /deployments/{envId}/deploy/compose (issue 30 item 2): a pasted docker-compose.yml and
 * the one service (and its port) the edge proxy serves at the application's address. The file
 * itself is checked by the API (Compose specification, then what a tenant may do), each
 * problem said at `fichier_compose`.
 */
export const deployComposeSchema = z.object({
  nom: appNameField,
  fichier_compose: z
    .string({ error: t.fileRequired })
    .check(
      z.minLength(1, { error: t.fileRequired, abort: true }),
      z.maxLength(MAX_COMPOSE_LENGTH, t.fileTooLarge),
    ),
  service_expose: z
    .string({ error: t.exposedServiceRequired })
    .check(
      z.trim(),
      z.minLength(1, t.exposedServiceRequired),
      z.maxLength(64, t.exposedServiceRequired),
    ),
  port: z
    .number({ error: t.exposedPortRequired })
    .check(
      z.int({ error: t.exposedPortRequired }),
      z.gte(1, t.exposedPortRequired),
      z.lte(65535, t.exposedPortRequired),
    ),
  nom_domaine: optionalDomain,
  certificat_tls_id: z.nullish(z.pipe(z.transform(blankToUndefined), z.optional(z.string()))),
});
export type DeployComposeInput = z.infer<typeof deployComposeSchema>;
export type DeployComposeBody = z.input<typeof deployComposeSchema>;

/** PUT /deployments/deployment/{id}/compose: a new version of the file (a redeploy). */
export const updateComposeSchema = z.pick(deployComposeSchema, {
  fichier_compose: true,
  service_expose: true,
  port: true,
});
export type UpdateComposeInput = z.infer<typeof updateComposeSchema>;
export type UpdateComposeBody = z.input<typeof updateComposeSchema>;
