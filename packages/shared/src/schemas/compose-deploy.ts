import { z } from 'zod/mini';
import { composeTexts as t } from '../messages/compose';
import { branchField } from './code';
import { appNameField, REPOSITORY_URL_PATTERN } from './deployments';
import { optionalDomain } from './domain';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A Compose service's name as the platform accepts it: a DNS label (its pods', its Service's). */
export const COMPOSE_SERVICE_NAME = /^[a-z][a-z0-9-]{0,29}$/;

/** 64 KB: the API parses the file; this only bounds the request. */
export const MAX_COMPOSE_LENGTH = 64 * 1024;

/** Where a Compose file taken from a repository may be: a relative path, no `..`, no option. */
export const COMPOSE_PATH_PATTERN =
  /^(?!\/)(?!.*(?:^|\/)\.\.(?:\/|$))[A-Za-z0-9._/-]{1,200}\.ya?ml$/;
export const DEFAULT_COMPOSE_PATH = 'docker-compose.yml';

/**
 * The file read from a Git repository instead of pasted: each build reads it at the built
 * commit, builds the images of its services that have a `build:` section, and the release
 * keeps the file with those images pinned.
 */
export const composeGitSourceSchema = z.object({
  repository_url: z
    .string({ error: t.repositoryRequired })
    .check(z.trim(), z.regex(REPOSITORY_URL_PATTERN, t.repositoryRequired)),
  git_branch: z.optional(z.pipe(z.transform(blankToUndefined), z.optional(branchField))),
  git_token_id: z.nullish(z.pipe(z.transform(blankToUndefined), z.optional(z.string()))),
  chemin_compose: z.optional(
    z.pipe(
      z.transform(blankToUndefined),
      z.optional(z.string().check(z.trim(), z.regex(COMPOSE_PATH_PATTERN, t.pathInvalid))),
    ),
  ),
});
export type ComposeGitSource = z.infer<typeof composeGitSourceSchema>;

const composeFileField = z
  .string({ error: t.fileRequired })
  .check(
    z.minLength(1, { error: t.fileRequired, abort: true }),
    z.maxLength(MAX_COMPOSE_LENGTH, t.fileTooLarge),
  );

/**
 * POST /deployments/{envId}/deploy/compose (issue 30 item 2): a docker-compose.yml, pasted
 * (`fichier_compose`) or read from a Git repository (`depot_git`, one of the two), and the one
 * service (and its port) the edge proxy serves at the application's address. The file itself is
 * checked by the API (Compose specification, then what a tenant may do), each problem said at
 * `fichier_compose` (at `depot_git.chemin_compose` when it comes from the repository).
 */
export const deployComposeSchema = z
  .object({
    nom: appNameField,
    fichier_compose: z.optional(composeFileField),
    depot_git: z.optional(composeGitSourceSchema),
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
  })
  .check(
    z.refine((b) => b.fichier_compose !== undefined || b.depot_git !== undefined, {
      error: t.fileRequired,
      path: ['fichier_compose'],
    }),
    z.refine((b) => b.fichier_compose === undefined || b.depot_git === undefined, {
      error: t.fileOrRepository,
      path: ['depot_git'],
    }),
  );
export type DeployComposeInput = z.infer<typeof deployComposeSchema>;
export type DeployComposeBody = z.input<typeof deployComposeSchema>;

/** PUT /deployments/deployment/{id}/compose: a new version of the file (a redeploy). */
export const updateComposeSchema = z.object({
  fichier_compose: composeFileField,
  service_expose: deployComposeSchema.shape.service_expose,
  port: deployComposeSchema.shape.port,
});
export type UpdateComposeInput = z.infer<typeof updateComposeSchema>;
export type UpdateComposeBody = z.input<typeof updateComposeSchema>;
