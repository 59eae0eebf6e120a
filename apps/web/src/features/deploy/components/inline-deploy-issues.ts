import type { InlineDeployValues } from '@nuage/shared/schemas/deploy-wizard';
import type { FieldIssue } from '@nuage/shared/schemas/responses/errors';
import type { FieldPath } from 'react-hook-form';

type InlineField = FieldPath<InlineDeployValues>;

/** The inline form's field of each body field of deploy/erp and deploy/code. */
const fieldOf: Record<string, InlineField> = {
  nom: 'nom',
  cpu: 'cpu',
  ram: 'ram',
  replicas: 'replicas',
  image_registry_url: 'source.image_registry_url',
  image_tag: 'source.image_tag',
  repo_url: 'source.repo_url',
  repository_url: 'source.repo_url',
  git_branch: 'source.git_branch',
  git_token_id: 'source.git_token_id',
  image: 'source.image',
  port: 'source.port',
  commande: 'source.commande',
  chemin_sante: 'source.chemin_sante',
  registry_credential_id: 'source.registry_credential_id',
  nom_domaine: 'nom_domaine',
  certificat_tls_id: 'certificat_tls_id',
};

export interface InlineIssue {
  field: InlineField;
  message: string;
}

/**
 * Where each 422 detail (`{ loc, msg }`) of a refused inline deploy belongs: loc ['body',
 * 'image_registry_url'] → « Image Docker », ['body', 'repository_access', 'repository_url'] →
 * the repository URL. Issues of no field of the form are returned apart (`other`).
 */
export function placeInlineIssues(issues: readonly FieldIssue[]): {
  placed: InlineIssue[];
  other: string[];
} {
  const placed: InlineIssue[] = [];
  const other: string[] = [];
  for (const issue of issues) {
    const name = [...issue.loc]
      .reverse()
      .find((part): part is string => typeof part === 'string' && part in fieldOf);
    if (name) placed.push({ field: fieldOf[name] as InlineField, message: issue.msg });
    else other.push(issue.msg);
  }
  return { placed, other };
}
