/** What the API answers about backups (apps/api modules/backups/presenter.ts). */
import { databaseResponseSchema } from './databases';
import { z } from 'zod/mini';
import { deploymentResponseSchema } from './deployments';

export const backupStatutValues = ['running', 'success', 'failed'] as const;
export type BackupStatut = (typeof backupStatutValues)[number];

export const backupCopieSchema = z.object({
  type: z.enum(['local', 's3']),
  emplacement: z.string(),
  statut: z.enum(['success', 'failed']),
  erreur: z.nullable(z.string()),
});
export type BackupCopie = z.infer<typeof backupCopieSchema>;

export const sauvegardeSchema = z.object({
  id: z.string(),
  application_id: z.string(),
  type: z.enum(['manual', 'scheduled']),
  statut: z.enum(backupStatutValues),
  taille_octets: z.nullable(z.number()),
  sha256: z.nullable(z.string()),
  copies: z.array(backupCopieSchema),
  erreur: z.nullable(z.string()),
  date_debut: z.string(),
  date_fin: z.nullable(z.string()),
});
export type Sauvegarde = z.infer<typeof sauvegardeSchema>;

export const restaurationSchema = z.object({
  id: z.string(),
  sauvegarde_id: z.string(),
  application_cible_id: z.string(),
  type: z.enum(['same', 'other', 'new', 'test']),
  statut: z.enum(backupStatutValues),
  nombre_tables: z.nullable(z.number()),
  erreur: z.nullable(z.string()),
  date_debut: z.string(),
  date_fin: z.nullable(z.string()),
});
export type Restauration = z.infer<typeof restaurationSchema>;

export const planificationSauvegardeSchema = z.object({
  actif: z.boolean(),
  conservation_nombre: z.number(),
  conservation_jours: z.number(),
  prochaine_sauvegarde: z.nullable(z.string()),
  prochaine_restauration_test: z.nullable(z.string()),
});
export type PlanificationSauvegarde = z.infer<typeof planificationSauvegardeSchema>;

export const sauvegardesApplicationSchema = z.object({
  sauvegardes: z.array(sauvegardeSchema),
  restaurations: z.array(restaurationSchema),
  planification: planificationSauvegardeSchema,
  destination_s3: z.nullable(z.object({ endpoint: z.string(), bucket: z.string() })),
  /**
   * Why no backup can run, and what to configure (the runtime sends backups to S3 only and the
   * project has no destination): then nothing is scheduled and « Sauvegarder maintenant » is
   * refused. Null when backups can run.
   */
  destination_manquante: z.nullable(z.string()),
  /** Other applications of the same template in the project: where a restore may also go. */
  cibles_restauration: z.array(
    z.object({ id: z.string(), nom: z.string(), environnement: z.string() }),
  ),
  /**
   * Where « Dans une nouvelle application » may create one: every environment of every project
   * where the caller may deploy, this application's project first.
   */
  environnements_restauration: z.array(
    z.object({
      id: z.string(),
      nom: z.string(),
      type: z.string(),
      projet_id: z.string(),
      projet: z.string(),
    }),
  ),
});
export type SauvegardesApplication = z.infer<typeof sauvegardesApplicationSchema>;

export const destinationSauvegardeSchema = z.object({
  endpoint: z.string(),
  region: z.string(),
  bucket: z.string(),
  prefixe: z.string(),
  access_key_id: z.string(),
});
export type DestinationSauvegarde = z.infer<typeof destinationSauvegardeSchema>;

/** POST /deployments/{id}/backups (202): the backup runs in the background. */
export const backupStartedSchema = z.object({ message: z.string(), sauvegarde: sauvegardeSchema });

/** POST …/restore and …/restore/retry (202); a restore into a new application names it. */
export const restoreStartedSchema = z.object({
  message: z.string(),
  restauration: restaurationSchema,
  application: z.optional(deploymentResponseSchema),
  /** A restore of a database of an environment into a new database: that database. */
  base_de_donnees: z.optional(databaseResponseSchema),
});

export const backupDestinationResponseSchema = z.object({
  destination: z.nullable(destinationSauvegardeSchema),
});
