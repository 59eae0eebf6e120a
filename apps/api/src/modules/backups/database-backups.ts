import { databaseTexts } from '@nuage/shared/messages/databases';
import type { DatabaseServiceEngine } from '@nuage/shared/database-engines';
import { DATABASE_NAME_PATTERN } from '@nuage/shared/schemas/databases';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import type { AppContext } from '../../app-context';
import type { deployments } from '../../db/schema/deployments';
import { RESTORE_PENDING } from '../../engine/backup-parts';
import type { AuthUser } from '../../http/credential-records';
import { conflict, FieldValidationError } from '../../lib/errors';
import { createDatabase } from '../databases/service';

type DeploymentRow = typeof deployments.$inferSelect;

/**
 * A database of an environment (issue 25) backed up and restored like an application: its dump
 * only. A stopped one runs no server to dump or to load into: refused before anything is
 * recorded (no failed backup, no mail).
 */
export function assertDatabaseRunning(row: DeploymentRow): void {
  if (row.category === 'DATABASE' && row.settings.stopped === true) {
    throw conflict(databaseTexts.stoppedNoBackup);
  }
}

/**
 * Restore into a new database (e.g. prod → staging): created through the ordinary path (the
 * target environment's role, the quota, the name, the operator's versions) with the source's
 * engine, version and resources, fresh passwords (a dump holds data, not the server's
 * accounts), and on hold (RESTORE_PENDING) so the restore waits until it answers.
 */
export function createDatabaseRestoreTarget(
  ctx: AppContext,
  opts: {
    /** The database backed up, or what its final backup says it was (final-backups.ts). */
    source: Pick<DeploymentRow, 'template' | 'imageTag' | 'cpuMilli' | 'ramMb' | 'storageMb'>;
    user: AuthUser;
    environmentId: string;
    nom: string;
  },
): Promise<DatabaseResource> {
  const { source } = opts;
  // Its name is its host name too: a DNS label, checked as at creation.
  if (opts.nom.length > 40 || !DATABASE_NAME_PATTERN.test(opts.nom)) {
    throw new FieldValidationError([
      {
        loc: ['body', 'nouvelle_application', 'nom'],
        msg: opts.nom.length > 40 ? databaseTexts.nameTooLong : databaseTexts.nameInvalid,
        type: 'pattern',
      },
    ]);
  }
  return createDatabase(ctx, {
    environmentId: opts.environmentId,
    user: opts.user,
    data: {
      nom: opts.nom,
      moteur: source.template as DatabaseServiceEngine,
      version: source.imageTag,
      cpu: source.cpuMilli / 1000,
      ram: source.ramMb / 1000,
      storage: source.storageMb / 1000,
    },
    extraSettings: { [RESTORE_PENDING]: true },
  });
}
