import type { DeployWizardField } from '@nuage/shared/schemas/deploy-wizard';
import type { FieldIssue } from '@nuage/shared/schemas/responses/errors';

/** The wizard field a body field of deploy/code is typed in. */
const fieldOf: Record<string, DeployWizardField> = {
  nom: 'app_name',
  cpu: 'cpu',
  ram: 'ram',
  replicas: 'replicas',
  repo_url: 'repository_url',
  repository_url: 'repository_url',
  git_token_id: 'git_token_id',
  git_branch: 'branch',
  port: 'port',
  nom_domaine: 'custom_domain',
  certificat_tls_id: 'certificat_tls_id',
};

export interface PlacedIssue {
  /** A form path: 'repository_url', 'env_vars.2.name'… */
  path: string;
  message: string;
}

/**
 * Where each 422 detail of deploy/code belongs in the wizard (loc ['body', 'repo_url'] → the
 * URL field; ['body', 'env_vars', 2, 'name'] → that variable's name). Those with no field are
 * returned apart, to be shown at once above the repository fields.
 */
export function placeIssues(issues: FieldIssue[]): { placed: PlacedIssue[]; other: string[] } {
  const placed: PlacedIssue[] = [];
  const other: string[] = [];
  for (const issue of issues) {
    const loc = issue.loc[0] === 'body' ? issue.loc.slice(1) : issue.loc;
    if (loc[0] === 'env_vars' && typeof loc[1] === 'number') {
      placed.push({
        path: `env_vars.${loc[1]}.${loc[2] === 'value' ? 'value' : 'name'}`,
        message: issue.msg,
      });
      continue;
    }
    const field = [...loc].reverse().find((part) => typeof part === 'string' && part in fieldOf);
    if (typeof field === 'string')
      placed.push({ path: fieldOf[field] as string, message: issue.msg });
    else other.push(issue.msg);
  }
  return { placed, other };
}
