import { z } from 'zod/mini';
import { databaseEngineIds } from '../../database-engines';
import { backupCopieSchema, restaurationSchema } from './backups';
import { databaseResponseSchema } from './databases';

/** A deleted database's final backup, kept in its project (apps/api modules/backups/final-backups.ts). */
export const finalBackupSchema = z.object({
  id: z.string(),
  /** The deleted database's name, engine and version. */
  nom: z.string(),
  moteur: z.enum(databaseEngineIds),
  version: z.string(),
  cpu: z.number(),
  ram: z.number(),
  stockage: z.number(),
  /** The environment it was in (its name then: the environment may be gone too). */
  environnement_id: z.string(),
  environnement_nom: z.string(),
  taille_octets: z.nullable(z.number()),
  sha256: z.nullable(z.string()),
  copies: z.array(backupCopieSchema),
  date_sauvegarde: z.string(),
  date_suppression: z.string(),
});
export type FinalBackup = z.infer<typeof finalBackupSchema>;

export const finalBackupListSchema = z.array(finalBackupSchema);

/** The restore's 202: the restore under way and the database created to receive it. */
export const finalRestoreStartedSchema = z.object({
  message: z.string(),
  restauration: restaurationSchema,
  base_de_donnees: databaseResponseSchema,
});
export type FinalRestoreStarted = z.infer<typeof finalRestoreStartedSchema>;
