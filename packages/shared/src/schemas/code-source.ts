import { z } from 'zod/mini';
import { branchField, buildArgsField, portField } from './code';
import { deployMessages as m, REPOSITORY_URL_PATTERN } from './deployments';

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
});
export type CodeSourceInput = z.infer<typeof codeSourceSchema>;

export type { CodeSourceResult } from './responses/builds';
