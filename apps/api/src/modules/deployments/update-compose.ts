import type { Deployment } from '@nuage/shared/api-types';
import { parseImageReference } from '@nuage/shared/image-reference';
import { composeTexts } from '@nuage/shared/messages/compose';
import { deploymentErrorTexts } from '@nuage/shared/messages/deployments';
import type { UpdateComposeInput } from '@nuage/shared/schemas/compose-deploy';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { withEvent } from '../../db/deployment-events';
import { deployments } from '../../db/schema/deployments';
import { stackReservation } from '../../engine/compose/parse-compose';
import { settingsServicesOf, composeSettings } from '../../engine/specs/compose-settings';
import { encryptSecret } from '../../lib/crypto';
import { conflict, notFound } from '../../lib/errors';
import { reservationOf } from '../../lib/reservation';
import { authorizeDeployment, DEPLOYMENT_NOT_FOUND } from './access';
import { checkedStack, COMPOSE_FILE_FIELD, problemsAt } from './deploy-compose';
import { presentDeployment } from './presenter';
import { checkQuota, lockProject } from './quota';

const DELETING = deploymentErrorTexts.deleting;

/**
 * PUT /deployments/deployment/{id}/compose: a new version of a Compose application's file (a
 * redeploy). Checked as at the deploy; what it raises is checked against the quota under the
 * project's lock (lowering always passes). The engine then recreates only the services whose
 * part of the file changed (the exposed one rolled: its successor ready before the old one
 * stops); named volumes are kept, so the data stays.
 */
export async function updateCompose(
  ctx: AppContext,
  input: { deploymentId: string; userId: string; data: UpdateComposeInput },
): Promise<Deployment> {
  const authorized = await authorizeDeployment(ctx.db, { ...input, need: 'developer' });
  if (authorized.desiredState === 'absent') throw conflict(DELETING);
  if (authorized.sourceKind !== 'compose') {
    throw problemsAt(COMPOSE_FILE_FIELD, [composeTexts.notCompose], 'source');
  }
  if (authorized.repoUrl !== null) {
    throw problemsAt(COMPOSE_FILE_FIELD, [composeTexts.fileFromRepository], 'source');
  }
  const data = input.data;
  const { stack, exposed } = await checkedStack(ctx, {
    environmentId: authorized.environmentId,
    exceptDeploymentId: authorized.id,
    file: data.fichier_compose,
    exposedService: data.service_expose,
  });
  const ref = parseImageReference(exposed.image)!;
  const resources = { ...stackReservation(stack), replicas: 1 };
  const row = await ctx.db.transaction(async (tx) => {
    const project = await lockProject(tx, authorized.projectId);
    const [current] = await tx.select().from(deployments).where(eq(deployments.id, authorized.id));
    if (!current) throw notFound(DEPLOYMENT_NOT_FOUND);
    if (current.desiredState === 'absent') throw conflict(DELETING);
    await checkQuota(tx, project, {
      requested: reservationOf(resources),
      excludeDeploymentId: current.id,
      current: reservationOf(current),
    });
    const [updated] = await tx
      .update(deployments)
      .set({
        ...resources,
        imageRegistryUrl: ref.repository,
        imageTag: ref.tag,
        port: data.port,
        composeFileSealed: encryptSecret(ctx.secrets.secretsKey, data.fichier_compose),
        settings: composeSettings({
          exposedService: exposed.name,
          services: settingsServicesOf(stack.services),
          volumes: stack.volumes,
        }),
        updatedAt: new Date(),
        generation: sql`${deployments.generation} + 1`,
        nextAttemptAt: new Date(),
        attempts: 0,
        events: withEvent(composeTexts.updateRequested),
      })
      .where(eq(deployments.id, current.id))
      .returning();
    return updated!;
  });
  ctx.engine.wake();
  return presentDeployment(row);
}
