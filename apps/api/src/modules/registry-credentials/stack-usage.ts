import { parseImageReference } from '@nuage/shared/image-reference';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deployments } from '../../db/schema/deployments';
import { parseCompose } from '../../engine/compose/parse-compose';
import { decryptSecret } from '../../lib/crypto';

export interface StackPull {
  application: string;
  service: string;
}

/**
 * The first Compose service of the project whose image is on this registry (compose-spec.ts
 * pulls it with the project's newest credential for the registry), or null.
 */
export async function stackPullingFrom(
  db: Executor,
  secretsKey: Buffer,
  opts: { projectId: string; registry: string },
): Promise<StackPull | null> {
  const stacks = await db
    .select({ nom: deployments.nom, sealed: deployments.composeFileSealed })
    .from(deployments)
    .where(
      and(
        eq(deployments.projectId, opts.projectId),
        eq(deployments.sourceKind, 'compose'),
        eq(deployments.desiredState, 'present'),
        isNotNull(deployments.composeFileSealed),
      ),
    );
  for (const stack of stacks) {
    // Unsealed in memory only: the file's environment holds passwords.
    const parsed = parseCompose(decryptSecret(secretsKey, stack.sealed!));
    if (!parsed.ok) continue;
    const service = parsed.stack.services.find(
      (s) => parseImageReference(s.image)?.registry === opts.registry,
    );
    if (service) return { application: stack.nom, service: service.name };
  }
  return null;
}
