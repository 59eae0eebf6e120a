import { codeMessages, ENV_VAR_NAME_PATTERN } from '@nuage/shared/schemas/code';
import { codeDeployMessages, isValidBranch } from '@nuage/shared/schemas/code-deploy';
import type { CodeSourceInput } from '@nuage/shared/schemas/code-source';
import { composeTexts } from '@nuage/shared/messages/compose';
import { COMPOSE_SERVICE_NAME } from '@nuage/shared/schemas/compose-deploy';
import { deployMessages, REPOSITORY_URL_PATTERN } from '@nuage/shared/schemas/deployments';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';

/** What the « Modifier la source » modal edits, as typed. */
export interface SourceDraft {
  repository_url: string;
  git_branch: string;
  access: 'public' | 'private';
  git_token_id: string;
  /** In the order shown; rows left entirely blank are not sent. */
  build_args: { key: string; value: string }[];
  /** '' = detected by the build. */
  port: string;
  /** A Compose application's exposed service (null: not a Compose application). */
  service_expose: string | null;
}

export type SourceField =
  'repository_url' | 'git_branch' | 'git_token_id' | 'build_args' | 'port' | 'service_expose';
export type SourceErrors = Partial<Record<SourceField | 'form', string>>;

export const draftOf = (d: DeploymentDetail): SourceDraft => ({
  repository_url: d.repository_url ?? '',
  git_branch: d.git_branch ?? 'main',
  access: d.git_token_id ? 'private' : 'public',
  git_token_id: d.git_token_id ?? '',
  build_args: Object.entries(d.build_args ?? {}).map(([key, value]) => ({ key, value })),
  port: d.port ? String(d.port) : '',
  service_expose: d.source_kind === 'compose' ? (d.compose?.service_expose ?? '') : null,
});

function parseArgs(rows: SourceDraft['build_args']): Record<string, string> | null {
  const args: Record<string, string> = {};
  for (const row of rows) {
    const name = row.key.trim();
    if (!name && !row.value) continue;
    if (!ENV_VAR_NAME_PATTERN.test(name)) return null;
    args[name] = row.value;
  }
  return args;
}

/** The body of PUT /deployments/{id}/source, or the same French errors as the API's. */
export function bodyOf(
  draft: SourceDraft,
): { body: CodeSourceInput; errors?: undefined } | { errors: SourceErrors } {
  const errors: SourceErrors = {};
  const url = draft.repository_url.trim();
  const branch = draft.git_branch.trim();
  if (!REPOSITORY_URL_PATTERN.test(url)) errors.repository_url = deployMessages.repositoryRequired;
  if (!branch) errors.git_branch = codeDeployMessages.branchRequired;
  else if (!isValidBranch(branch)) errors.git_branch = codeDeployMessages.branchInvalid;
  if (draft.access === 'private' && !draft.git_token_id)
    errors.git_token_id = deployMessages.tokenRequired;
  const args = parseArgs(draft.build_args);
  if (!args) errors.build_args = codeMessages.buildArgs;
  const port = draft.port.trim() === '' ? null : Number(draft.port);
  if (port !== null && !(Number.isInteger(port) && port >= 1 && port <= 65535))
    errors.port = codeMessages.port;
  const service = draft.service_expose?.trim() ?? null;
  if (service !== null && !COMPOSE_SERVICE_NAME.test(service))
    errors.service_expose = composeTexts.exposedServiceRequired;
  if (Object.keys(errors).length > 0 || !args) return { errors };
  return {
    body: {
      repository_url: url,
      git_branch: branch,
      git_token_id: draft.access === 'private' ? draft.git_token_id : null,
      build_args: args,
      port,
      ...(service !== null ? { service_expose: service } : {}),
    },
  };
}

const FIELDS: readonly SourceField[] = [
  'repository_url',
  'git_branch',
  'git_token_id',
  'build_args',
  'port',
  'service_expose',
];

/** The API's 422 issues placed at their fields (a build argument's issue names its key last). */
export function placeIssues(issues: { loc: (string | number)[]; msg: string }[]): SourceErrors {
  const errors: SourceErrors = {};
  for (const issue of issues) {
    const field = FIELDS.find((f) => issue.loc.includes(f));
    if (field) errors[field] ??= issue.msg;
  }
  return errors;
}
