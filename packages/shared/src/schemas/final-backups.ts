import { z } from 'zod/mini';
import { backupTexts } from './backups';
import { createDatabaseSchema } from './databases';
import { requiredText } from './fields';

/** POST /projects/{id}/final-backups/{backupId}/restore: where the new database goes, its name. */
export const restoreFinalBackupSchema = z.object({
  environment_id: requiredText(backupTexts.environmentRequired),
  // Its name is its host name too: checked as at a database's creation.
  nom: createDatabaseSchema.shape.nom,
});
export type RestoreFinalBackupInput = z.infer<typeof restoreFinalBackupSchema>;
export type RestoreFinalBackupBody = z.input<typeof restoreFinalBackupSchema>;
