import type { Deployment } from '@nuage/shared/api-types';

type Source = Pick<Deployment, 'source_kind' | 'repo_url'>;

/**
 * The applications the platform builds from a Git repository at each commit: code
 * applications, and Compose applications whose file is read from a repository (its services
 * with `build:` built). Theirs are the builds, releases (rollback), webhook and « Redéployer ».
 */
export function buildsFromGit(d: Source): boolean {
  return d.source_kind === 'code' || (d.source_kind === 'compose' && Boolean(d.repo_url));
}

/** A Compose application whose file comes from its Git repository (not a pasted one). */
export function composeFromGit(d: Source): boolean {
  return d.source_kind === 'compose' && Boolean(d.repo_url);
}
