import { databaseTexts } from '@nuage/shared/messages/databases';
import type {
  Deployment,
  DeploymentDetail,
  DeploymentDetailBase,
} from '@nuage/shared/schemas/responses/deployments';
import { toMilli } from '@nuage/shared/quantities';
import type { UpdateDeploymentInput } from '@nuage/shared/schemas/deployments';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { isUniqueViolation } from '../../db/errors';
import { deployments } from '../../db/schema/deployments';
import { RuntimeRejectedError, RuntimeUnavailableError } from '../../engine/driver';
import { conflict, FieldValidationError, notFound, unavailable } from '../../lib/errors';
import { authorizeEnvironment } from '../environments/service';
import { applicationRefOf } from '../../engine/specs/refs';
import { authorizeDeployment, DEPLOYMENT_NOT_FOUND } from './access';
import { checkImageCredential } from './deploy-image';
import { checkImageOfTemplate, NAME_TAKEN } from './deploy';
import { cancelBuildsOf } from '../builds/application-builds';
import { deletePreviewsOf } from '../previews/close-all';
import { withEvent } from '../../db/deployment-events';
import { assertNameFree } from './name-check';
import {
  assertDomainClaimable,
  claimLockedDomain,
  isDomainTaken,
  noClaimColumns,
  refuseTakenDomain,
} from './domain-claim';
import { lockDomainName } from '../dns/domain-lock';
import { certificateAlertOf } from '../certificates/application-alert';
import { restoreAlertOf } from '../backups/restore-hold';
import { miseAJourOf } from '../app-updates/presenter';
import { detailNamesOf } from './detail-names';
import { presentDeployment, presentDeploymentDetail } from './presenter';
import { checkQuota, lockProject } from './quota';
import { reservationOf } from '../../lib/reservation';
import { resolveCertificate } from './tls';
import { deploymentErrorTexts, deploymentEventTexts } from '@nuage/shared/messages/deployments';
import { composeTexts } from '@nuage/shared/messages/compose';
import { buildsFromGit } from '../../engine/specs/built-from-git';

export const LOG_TAIL_LINES = 500;
export const RUNTIME_UNREACHABLE = deploymentErrorTexts.runtimeUnreachable;
const DELETING = deploymentErrorTexts.deleting;
export const CODE_IMAGE_MANAGED = deploymentErrorTexts.codeImageManaged;

export async function listDeployments(
  ctx: AppContext,
  input: { environmentId: string; userId: string },
): Promise<Deployment[]> {
  const env = await authorizeEnvironment(ctx.db, { ...input, need: 'user' });
  const rows = await ctx.db
    .select()
    .from(deployments)
    // Its databases (issue 25) have their own list: GET /environments/{envId}/databases.
    .where(and(eq(deployments.environmentId, env.id), ne(deployments.category, 'DATABASE')))
    .orderBy(asc(deployments.createdAt));
  return rows.map(presentDeployment);
}

export async function getDeployment(
  ctx: AppContext,
  input: { deploymentId: string; userId: string },
): Promise<DeploymentDetail> {
  const row = await authorizeDeployment(ctx.db, { ...input, need: 'user' });
  // A database of the environment is no application: its page reads GET /databases/{id}.
  if (row.category === 'DATABASE') throw notFound(deploymentErrorTexts.notFound);
  // An expired certificate or a failed issuance, in French, for the application page.
  return {
    ...presentDeploymentDetail(row),
    alerte_certificat: await certificateAlertOf(ctx.db, row, { appsDomain: ctx.config.appsDomain }),
    // Created to receive a restore and still held: the restore under way, or why it failed.
    alerte_restauration: await restoreAlertOf(ctx.db, row),
    mise_a_jour: await miseAJourOf(ctx.db, row),
    ...(await detailNamesOf(ctx.db, row)),
  };
}

type DeploymentRow = typeof deployments.$inferSelect;

/** The row as the edit leaves it: every field not sent keeps its value. */
function editedFields(current: DeploymentRow, d: UpdateDeploymentInput) {
  return {
    nom: d.nom ?? current.nom,
    cpuMilli: d.cpu_requis === undefined ? current.cpuMilli : toMilli(d.cpu_requis),
    ramMb: d.ram_requise === undefined ? current.ramMb : toMilli(d.ram_requise),
    storageMb: d.stockage_requis === undefined ? current.storageMb : toMilli(d.stockage_requis),
    replicas: d.replicas ?? current.replicas,
    imageRegistryUrl: d.image_registry_url ?? current.imageRegistryUrl,
    imageTag: d.image_tag ?? current.imageTag,
    helmChartVersion: d.helm_chart_version || current.helmChartVersion,
    domain: d.nom_de_domaine === undefined ? current.domain : d.nom_de_domaine || null,
    certificateId:
      d.certificat_tls_id === undefined ? current.certificateId : d.certificat_tls_id || null,
  };
}

const runtimeFields = [
  'cpuMilli',
  'ramMb',
  'storageMb',
  'replicas',
  'imageRegistryUrl',
  'imageTag',
  'domain',
  'certificateId',
] as const;

/**
 * Another image or tag: the digest a new version pinned and the watch's baseline belong to the
 * old one; the application follows the new tag, read again at once when the watch is on.
 */
function imageWatchReset(current: DeploymentRow, next: ReturnType<typeof editedFields>) {
  if (next.imageRegistryUrl === current.imageRegistryUrl && next.imageTag === current.imageTag)
    return {};
  return {
    imageDigest: null,
    imageWatchDigest: null,
    imageWatchError: null,
    imageWatchFailures: 0,
    imageWatchNextAt: current.imageWatch ? new Date() : null,
  };
}

/**
 * The edit modal and scaling. Under the project lock the row is read again, so two edits at
 * once each apply to what the other committed (a rename never reverts a concurrent scale);
 * what an edit raises is re-checked against the quota; changes the runtime must apply bump
 * the generation so the reconciler picks them up.
 */
export async function updateDeployment(
  ctx: AppContext,
  input: { deploymentId: string; userId: string; data: UpdateDeploymentInput },
): Promise<DeploymentDetailBase> {
  const authorized = await authorizeDeployment(ctx.db, { ...input, need: 'developer' });
  if (authorized.desiredState === 'absent') throw conflict(DELETING);
  // A database's resources change through PUT /databases/{id}/resources (storage only grows).
  if (authorized.category === 'DATABASE') throw conflict(databaseTexts.editElsewhere);
  const d = input.data;
  if (authorized.sourceKind === 'code') {
    // A code application's image is its current release's: changed by builds and rollbacks only.
    if (d.image_registry_url !== undefined || d.image_tag !== undefined) {
      throw new FieldValidationError([
        { loc: ['body', 'image_registry_url'], msg: CODE_IMAGE_MANAGED, type: 'code_image' },
      ]);
    }
  } else if (authorized.sourceKind === 'image') {
    // Any image may follow another tag or move to another image, from the same registry
    // while the application pulls with that registry's credentials.
    if (d.image_registry_url !== undefined)
      await checkImageCredential(ctx, authorized, d.image_registry_url);
  } else if (authorized.sourceKind === 'compose') {
    // The file says each service's image and size: a new version of it changes them.
    const inFile = [
      'cpu_requis',
      'ram_requise',
      'stockage_requis',
      'replicas',
      'image_registry_url',
      'image_tag',
    ] as const;
    const field = inFile.find((k) => d[k] !== undefined);
    if (field) {
      throw new FieldValidationError([
        { loc: ['body', field], msg: composeTexts.editInFile, type: 'compose' },
      ]);
    }
  } else checkImageOfTemplate(authorized.template, d.image_registry_url);
  const claimed = editedFields(authorized, d).domain;
  const domainClaim =
    claimed && claimed !== authorized.domain
      ? {
          projectId: authorized.projectId,
          deploymentId: authorized.id,
          nom: authorized.nom,
          domain: claimed,
          field: 'nom_de_domaine' as const,
        }
      : null;
  if (domainClaim) await assertDomainClaimable(ctx, domainClaim);
  if (d.certificat_tls_id !== undefined || d.nom_de_domaine !== undefined) {
    const wanted = editedFields(authorized, d);
    await resolveCertificate(ctx, {
      certificateId: wanted.certificateId,
      projectId: authorized.projectId,
      domain: wanted.domain,
    });
  }

  const { row, runtimeChanged } = await ctx.db
    .transaction(async (tx) => {
      // The name the edit sets, locked before the project (domain-lock.ts): a claim is checked
      // again under it below, whatever a concurrent change did to the row meanwhile.
      if (d.nom_de_domaine) await lockDomainName(tx, d.nom_de_domaine);
      const project = await lockProject(tx, authorized.projectId);
      const [current] = await tx
        .select()
        .from(deployments)
        .where(eq(deployments.id, authorized.id));
      if (!current) throw notFound(DEPLOYMENT_NOT_FOUND);
      if (current.desiredState === 'absent') throw conflict(DELETING);
      const next = editedFields(current, d);
      await checkQuota(tx, project, {
        requested: reservationOf(next),
        excludeDeploymentId: current.id,
        current: reservationOf(current),
      });
      if (next.nom.toLowerCase() !== current.nom.toLowerCase()) {
        await assertNameFree(tx, current.environmentId, next.nom);
      }
      const changed = runtimeFields.some((f) => next[f] !== current[f]);
      // A new domain is claimed afresh: served only once its owner proves control again.
      const domainChange =
        next.domain === current.domain
          ? {}
          : next.domain
            ? await claimLockedDomain(tx, {
                projectId: current.projectId,
                deploymentId: current.id,
                nom: current.nom,
                domain: next.domain,
                field: 'nom_de_domaine',
              })
            : noClaimColumns;
      const onlyScaled =
        next.replicas !== current.replicas && Object.keys(d).every((k) => k === 'replicas');
      const describe = onlyScaled
        ? deploymentEventTexts.scaleRequested(current.replicas, next.replicas)
        : deploymentEventTexts.editRequested;
      const [updated] = await tx
        .update(deployments)
        .set({
          ...next,
          ...domainChange,
          ...(current.sourceKind === 'image' ? imageWatchReset(current, next) : {}),
          updatedAt: new Date(),
          ...(changed
            ? {
                generation: sql`${deployments.generation} + 1`,
                nextAttemptAt: new Date(),
                attempts: 0,
                events: withEvent(describe),
              }
            : {}),
        })
        .where(eq(deployments.id, current.id))
        .returning();
      return { row: updated!, runtimeChanged: changed };
    })
    .catch(async (err: unknown) => {
      if (isUniqueViolation(err, 'deployments_environment_name_key')) throw conflict(NAME_TAKEN);
      // The name was verified for another application (or claimed in the project) meanwhile.
      if (d.nom_de_domaine && isDomainTaken(err)) {
        throw await refuseTakenDomain(ctx, {
          projectId: authorized.projectId,
          deploymentId: authorized.id,
          nom: authorized.nom,
          domain: d.nom_de_domaine,
          field: 'nom_de_domaine',
        });
      }
      throw err;
    });
  if (runtimeChanged) ctx.engine.wake();
  return presentDeploymentDetail(row);
}

/** Marks the application for deletion; the engine removes its runtime objects, then the row. */
export async function deleteDeployment(
  ctx: AppContext,
  input: { deploymentId: string; userId: string },
) {
  const current = await authorizeDeployment(ctx.db, { ...input, need: 'developer' });
  if (current.desiredState !== 'absent') {
    await ctx.db
      .update(deployments)
      .set({
        desiredState: 'absent',
        status: 'DELETING',
        generation: sql`${deployments.generation} + 1`,
        nextAttemptAt: new Date(),
        attempts: 0,
        updatedAt: new Date(),
        events: withEvent(deploymentEventTexts.deletionRequested),
      })
      .where(eq(deployments.id, current.id));
    if (buildsFromGit(current)) await cancelBuildsOf(ctx, current.id);
    await deletePreviewsOf(ctx.db, current.id);
    ctx.engine.wake();
  }
}

/** POST …/sync: restarts the application's pods (SPEC §4 "Restart triggers a sync"). */
export async function syncDeployment(
  ctx: AppContext,
  input: { deploymentId: string; userId: string },
): Promise<DeploymentDetailBase> {
  const current = await authorizeDeployment(ctx.db, { ...input, need: 'developer' });
  if (current.desiredState === 'absent') throw conflict(DELETING);
  const [row] = await ctx.db
    .update(deployments)
    .set({
      // The database's clock: several API processes may not agree on the time. To the
      // millisecond, as the reconciler records it observed (a JavaScript Date).
      restartRequestedAt: sql`date_trunc('milliseconds', now())`,
      nextAttemptAt: new Date(),
      updatedAt: new Date(),
      events: withEvent(deploymentEventTexts.restartRequested),
    })
    .where(eq(deployments.id, current.id))
    .returning();
  ctx.engine.wake();
  return presentDeploymentDetail(row!);
}

/** The last 500 log lines of every pod of the application, from the runtime. */
export async function deploymentLogs(
  ctx: AppContext,
  input: { deploymentId: string; userId: string },
) {
  const row = await authorizeDeployment(ctx.db, { ...input, need: 'developer' });
  try {
    const ref = await applicationRefOf(ctx.db, row);
    return await ctx.engine.driver.logs(ref, { tailLines: LOG_TAIL_LINES });
  } catch (err) {
    if (err instanceof RuntimeUnavailableError) throw unavailable(RUNTIME_UNREACHABLE);
    if (err instanceof RuntimeRejectedError)
      throw conflict(`Journaux indisponibles : ${err.message}`);
    throw err;
  }
}
