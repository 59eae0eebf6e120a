import type { BackupStatus } from '../../db/schema/backups';

export interface RetentionPolicy {
  /** Successful backups kept, newest first (at least 1). */
  keepCount: number;
  /** Backups older than this many days are deleted (at least 1). */
  keepDays: number;
}

export interface RetainedBackup {
  id: string;
  status: BackupStatus;
  startedAt: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Which backups retention deletes. Only successful backups count towards `keepCount` (failures
 * never push a good backup out), running ones are never touched, and the newest successful
 * backup is kept whatever its age: a run of failures, or an application idle for months, can
 * never leave it with nothing to restore.
 */
export function backupsToDelete(
  list: readonly RetainedBackup[],
  policy: RetentionPolicy,
  now: Date,
): string[] {
  const keepCount = Math.max(1, policy.keepCount);
  const cutoff = now.getTime() - Math.max(1, policy.keepDays) * DAY_MS;
  const newestFirst = [...list].sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime());
  const doomed: string[] = [];
  let successes = 0;
  for (const backup of newestFirst) {
    if (backup.status === 'running') continue;
    const expired = backup.startedAt.getTime() < cutoff;
    if (backup.status === 'success') {
      successes += 1;
      if (successes === 1) continue;
      if (successes > keepCount || expired) doomed.push(backup.id);
    } else if (expired) {
      doomed.push(backup.id);
    }
  }
  return doomed;
}
