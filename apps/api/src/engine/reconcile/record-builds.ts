import type { ImagePart } from '@nuage/shared/schemas/responses/builds';
import type { Executor } from '../../db/client';
import { builds } from '../../db/schema/builds';
import type { deployments } from '../../db/schema/deployments';
import {
  preparationsCarriedBy,
  RuntimeRejectedError,
  type ImagePreparation,
  type RuntimeName,
} from '../driver';
import type { ApplicationSpec } from '../spec';

/** Splits `registry/repo:tag` at the tag (a registry port is not a tag). */
export function splitImage(reference: string): { url: string; tag: string } {
  const slash = reference.lastIndexOf('/');
  const colon = reference.lastIndexOf(':');
  return colon > slash
    ? { url: reference.slice(0, colon), tag: reference.slice(colon + 1) }
    : { url: reference, tag: 'latest' };
}

/**
 * Which part of the application runs `image`: a WordPress pull and its MariaDB pull carry the
 * same application name, the page says which is which. The application's own image first (a
 * setup task may run the same image).
 */
export function imagePartOf(spec: ApplicationSpec, image: string): ImagePart {
  if (image === spec.app.image) return 'application';
  if (spec.database && image === spec.database.image) return 'database';
  if (spec.setup && image === spec.setup.image) return 'setup';
  return 'application';
}

/** The driver's preparations with their part; also those a refusal carries (a failed pull). */
export function labelParts(spec: ApplicationSpec, preparations: ImagePreparation[]) {
  for (const p of preparations) p.part ??= imagePartOf(spec, p.image);
  return preparations;
}

/** Labels the preparations a refusal carries, then lets it go on. */
export function labelRefusal(spec: ApplicationSpec) {
  return (err: unknown): never => {
    if (err instanceof RuntimeRejectedError) labelParts(spec, preparationsCarriedBy(err));
    throw err;
  };
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
        part: p.part ?? null,
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
