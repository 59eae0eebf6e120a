import { deployMessages } from '@nuage/shared/schemas/deployments';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { deployments } from '../../db/schema/deployments';
import { applicationName } from '../../engine/templates/build-spec';
import { conflict } from '../../lib/errors';
import { claimDomain, isDomainTaken, refuseTakenDomain, type DomainClaim } from './domain-claim';
import { allocateHostLabel } from './host-label';
import { assertNameFree } from './name-check';
import { lockProjectAndCheckQuota } from './quota';
import { reservationOf } from '../../lib/reservation';
import { createDefaultSchedule } from '../backups/schedules';

type DeploymentRow = typeof deployments.$inferSelect;

/** What the application reserves against its project's quota (per replica, and its volume). */
export interface ApplicationResources {
  cpuMilli: number;
  ramMb: number;
  storageMb: number;
  replicas: number;
}

/** The rest of a new application's row: not what the insert decides (its id, names, place). */
export type NewApplicationValues = Omit<
  typeof deployments.$inferInsert,
  | 'id'
  | 'runtimeName'
  | 'hostLabel'
  | 'projectId'
  | 'environmentId'
  | 'nom'
  | 'template'
  | 'domain'
  | 'domainClaimedAt'
  | 'domainVerifiedAt'
  | 'domainProof'
  | 'domainNextCheckAt'
  | 'domainCheckedAt'
  | 'domainCheckResult'
  | keyof ApplicationResources
>;

/**
 * Inserts a new application (a catalogue one or code) in one transaction: the project locked
 * and its quota checked, so that concurrent deploys never exceed it; the name free in its
 * environment; a host label of its own; its custom domain claimed, pending its proof of
 * control (the caller checked it with assertDomainClaimable; checked again here under the
 * name's lock). `then` runs in the same transaction with the new row (a code application's
 * first build); its default backup schedule is written with it. A name or a domain taken meanwhile is refused (409).
 */
export async function insertApplication<T>(
  ctx: AppContext,
  app: {
    env: { id: string; nom: string; projectId: string };
    nom: string;
    template: string;
    /** Normalised; null = none. */
    domain: string | null;
    resources: ApplicationResources;
    /** From the new row's id (a code application's image is named after it). */
    values: (id: string) => NewApplicationValues;
  },
  then: (tx: Executor, row: DeploymentRow) => Promise<T>,
): Promise<T> {
  const claim: DomainClaim | null = app.domain
    ? { projectId: app.env.projectId, nom: app.nom, domain: app.domain, field: 'nom_domaine' }
    : null;
  const insert = () =>
    ctx.db.transaction(async (tx) => {
      // The name's lock first (domain-lock.ts), then the project's.
      const claimColumns = claim ? await claimDomain(tx, claim) : {};
      const project = await lockProjectAndCheckQuota(tx, {
        projectId: app.env.projectId,
        requested: reservationOf(app.resources),
      });
      await assertNameFree(tx, app.env.id, app.nom);
      const id = randomUUID();
      const [created] = await tx
        .insert(deployments)
        .values({
          id,
          runtimeName: applicationName(app.template, app.nom, id),
          hostLabel: await allocateHostLabel(tx, {
            app: app.nom,
            env: app.env.nom,
            project: project.nom,
          }),
          projectId: app.env.projectId,
          environmentId: app.env.id,
          nom: app.nom,
          template: app.template,
          domain: app.domain,
          ...claimColumns,
          ...app.resources,
          ...app.values(id),
        })
        .returning();
      // Its backup schedule with it: the first view of its backups is the final one.
      await createDefaultSchedule(tx, { deploymentId: id, environmentId: app.env.id });
      return then(tx, created!);
    });
  return (
    insert()
      // Another request took the same host label at the same instant: the retry sees it and suffixes.
      .catch((err: unknown) => {
        if (isUniqueViolation(err, 'deployments_host_label_key')) return insert();
        throw err;
      })
      .catch(async (err: unknown) => {
        if (isUniqueViolation(err, 'deployments_environment_name_key'))
          throw conflict(deployMessages.nameTaken);
        // The name was verified for another application (or claimed in the project) meanwhile.
        if (claim && isDomainTaken(err)) throw await refuseTakenDomain(ctx, claim);
        throw err;
      })
  );
}
