import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_COMPOSE_PATH,
  deployComposeSchema,
  type DeployComposeBody,
  type DeployComposeInput,
} from '@nuage/shared/schemas/compose-deploy';
import { deployMessages } from '@nuage/shared/schemas/deployments';
import type { FieldIssue } from '@nuage/shared/schemas/responses/errors';
import type { Resolver } from 'react-hook-form';

/** Where the Compose file comes from: pasted in the form, or read from a Git repository. */
export type ComposeSource = 'paste' | 'git';

/** The Compose form's values: both sources' fields, only the chosen one's are sent. */
export interface ComposeFormValues {
  nom: string;
  source: ComposeSource;
  fichier_compose: string;
  depot_git: {
    repository_url: string;
    git_branch: string;
    git_token_id: string;
    chemin_compose: string;
  };
  /** Public, or private through one of the project's Git tokens. */
  repository_type: 'public' | 'private';
  service_expose: string;
  port: number;
  nom_domaine: string;
  certificat_tls_id: string;
}

export const composeFormDefaults: ComposeFormValues = {
  nom: '',
  source: 'paste',
  fichier_compose: '',
  depot_git: {
    repository_url: '',
    git_branch: 'main',
    git_token_id: '',
    chemin_compose: DEFAULT_COMPOSE_PATH,
  },
  repository_type: 'public',
  service_expose: '',
  port: 8080,
  nom_domaine: '',
  certificat_tls_id: '',
};

/**
 * The deploy/compose body of the form's values: `fichier_compose` for a pasted file, else
 * `depot_git` (its token only when the repository is private), never both.
 */
export function composeBodyOf(v: ComposeFormValues): DeployComposeBody {
  const common = {
    nom: v.nom,
    service_expose: v.service_expose,
    port: v.port,
    nom_domaine: v.nom_domaine,
    certificat_tls_id: v.certificat_tls_id,
  };
  if (v.source === 'paste') return { ...common, fichier_compose: v.fichier_compose };
  const git = v.depot_git;
  return {
    ...common,
    depot_git: {
      repository_url: git.repository_url,
      git_branch: git.git_branch,
      chemin_compose: git.chemin_compose,
      ...(v.repository_type === 'private' ? { git_token_id: git.git_token_id } : {}),
    },
  };
}

const zodCompose = zodResolver(deployComposeSchema);

/**
 * The shared schema run on the body the form would send (so the hidden source's fields are
 * never checked), its errors at the form's own fields (`depot_git.repository_url`…), plus a
 * private repository's missing token, said before anything is sent.
 */
export const composeResolver: Resolver<ComposeFormValues, unknown, DeployComposeInput> = async (
  values,
  context,
  options,
) => {
  // The options name the form's fields (`depot_git.repository_url`…), the body's own paths.
  const bodyOptions = options as unknown as Parameters<typeof zodCompose>[2];
  const result = await zodCompose(composeBodyOf(values), context, bodyOptions);
  const tokenMissing =
    values.source === 'git' &&
    values.repository_type === 'private' &&
    values.depot_git.git_token_id.trim() === '';
  if (!tokenMissing) return result as Awaited<ReturnType<typeof composeResolver>>;
  const errors = result.errors as Record<string, unknown>;
  const depotGit = (errors.depot_git ?? {}) as Record<string, unknown>;
  return {
    values: {},
    errors: {
      ...errors,
      depot_git: {
        ...depotGit,
        git_token_id: { type: 'required', message: deployMessages.tokenRequired },
      },
    },
  } as Awaited<ReturnType<typeof composeResolver>>;
};

/** The form's fields a 422 may name (its `loc` after 'body', joined by dots). */
export type ComposeField =
  | 'nom'
  | 'service_expose'
  | 'port'
  | 'nom_domaine'
  | 'certificat_tls_id'
  | 'depot_git.repository_url'
  | 'depot_git.git_branch'
  | 'depot_git.git_token_id'
  | 'depot_git.chemin_compose';

const FIELDS: ReadonlySet<string> = new Set<ComposeField>([
  'nom',
  'service_expose',
  'port',
  'nom_domaine',
  'certificat_tls_id',
  'depot_git.repository_url',
  'depot_git.git_branch',
  'depot_git.git_token_id',
  'depot_git.chemin_compose',
]);

export interface PlacedComposeIssues {
  /** Each field's messages, in the order the API said them. */
  fields: Map<ComposeField, string[]>;
  /** The file's refusals (`fichier_compose`), listed under the pasted file. */
  fileProblems: string[];
  /** What no field of the form names. */
  other: string[];
}

/**
 * Where each 422 detail of a refused deploy/compose belongs: ['body', 'fichier_compose'] under
 * the pasted file, ['body', 'depot_git', 'chemin_compose'] at the file's path in the repository,
 * ['body', 'depot_git', 'repository_url'] at the URL; a refusal of the repository naming no
 * field of it (['body', 'depot_git']) at the URL too.
 */
export function placeComposeIssues(issues: readonly FieldIssue[]): PlacedComposeIssues {
  const fields = new Map<ComposeField, string[]>();
  const fileProblems: string[] = [];
  const other: string[] = [];
  for (const issue of issues) {
    const parts = issue.loc[0] === 'body' ? issue.loc.slice(1) : issue.loc;
    let path = parts.map(String).join('.');
    if (path === 'depot_git') path = 'depot_git.repository_url';
    if (path === 'fichier_compose') fileProblems.push(issue.msg);
    else if (FIELDS.has(path)) {
      const field = path as ComposeField;
      fields.set(field, [...(fields.get(field) ?? []), issue.msg]);
    } else other.push(issue.msg);
  }
  return { fields, fileProblems, other };
}
