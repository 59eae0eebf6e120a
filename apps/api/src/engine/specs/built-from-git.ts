/**
 * Applications the platform builds from their Git repository, release after release: code
 * applications, and Compose applications whose file is read from the repository (its
 * `build:` sections built at each commit). Nothing of them runs before their first release.
 */
export const buildsFromGit = (row: { sourceKind: string; repoUrl: string | null }): boolean =>
  row.sourceKind === 'code' || (row.sourceKind === 'compose' && row.repoUrl !== null);
