import type { RuntimeDriver } from '../../engine/driver';

/**
 * Runtimes whose backups run inside them and go straight to object storage (Kubernetes Jobs,
 * driver.backupToStorage) can back up nothing for a project without an S3 destination: its
 * schedules wait, and a manual backup is refused, rather than failing (and mailing) every day.
 * Elsewhere (docker, simulation) the local copy in BACKUP_DIR is made regardless.
 */
export const destinationRequired = (driver: Pick<RuntimeDriver, 'backupToStorage'>): boolean =>
  Boolean(driver.backupToStorage);
