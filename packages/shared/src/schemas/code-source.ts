import { z } from 'zod/mini';
import { branchField, buildArgsField, portField } from './code';
import { deployMessages as m, REPOSITORY_URL_PATTERN } from './deployments';
import { composeTexts } from '../messages/compose';
import { COMPOSE_SERVICE_NAME } from './compose-deploy';

/**
 * PUT /deployments/{id}/source (« Modifier la source » of a code application): the repository,
 * its branch, its access (a project token for a private repository, null for a public one), the
 * build arguments and the port (null: the one the build detects). Every field is sent: the
 * source is replaced as a whole, as the modal shows it.
 */
export const codeSourceSchema = z.object({
  repository_url: z
    .string({ error: m.repositoryRequired })
    .check(z.trim(), z.regex(REPOSITORY_URL_PATTERN, m.repositoryRequired)),
  git_branch: branchField,
  git_token_id: z.nullable(z.string().check(z.trim(), z.minLength(1, m.tokenRequired))),
  build_args: buildArgsField,
  port: z.nullable(portField),
  /**
   * A Compose application from Git: the service served at its address. It takes effect with
   * the release the change builds (checked against the file then); absent: unchanged.
   */
  service_expose: z.optional(
    z.string().check(z.trim(), z.regex(COMPOSE_SERVICE_NAME, composeTexts.exposedServiceRequired)),
  ),
});
export type CodeSourceInput = z.infer<typeof codeSourceSchema>;

export type { CodeSourceResult } from './responses/builds';
