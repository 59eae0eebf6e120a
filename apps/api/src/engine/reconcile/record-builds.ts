import type { Executor } from '../../db/client';
import { builds } from '../../db/schema/builds';
import type { deployments } from '../../db/schema/deployments';
import type { ImagePreparation, RuntimeName } from '../driver';

/** Splits `registry/repo:tag` at the tag (a registry port is not a tag). */
export function splitImage(reference: string): { url: string; tag: string } {
  const slash = reference.lastIndexOf('/');
  const colon = reference.lastIndexOf(':');
  return colon > slash
    ? { url: reference.slice(0, colon), tag: reference.slice(colon + 1) }
    : { url: reference, tag: 'latest' };
}

/** One builds row per image the engine prepared for an application (built-images history). */
export async function recordPreparations(
  db: Executor,
  row: Pick<typeof deployments.$inferSelect, 'id' | 'projectId' | 'nom' | 'repoUrl' | 'gitBranch'>,
  runtime: RuntimeName,
  preparations: ImagePreparation[],
) {
  if (preparations.length === 0) return;
  await db.insert(builds).values(
    preparations.map((p) => {
      const { url, tag } = splitImage(p.image);
      return {
        deploymentId: row.id,
        projectId: row.projectId,
        applicationName: row.nom,
        kind: p.kind,
        imageUrl: url,
        imageTag: tag,
        status: p.status,
        repositoryUrl: row.repoUrl,
        branch: row.gitBranch,
        errorMessage: p.error,
        runtime,
        startedAt: p.startedAt,
        completedAt: p.completedAt,
      };
    }),
  );
}
