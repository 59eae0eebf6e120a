import { z } from 'zod/mini';

export const appUpdateStatuses = [
  'backing_up',
  'rolling_out',
  'succeeded',
  'failed',
  'rolled_back',
] as const;

/** One « Mettre à jour » of an application and where it stands (issue 30 item 4). */
export const applicationUpdateSchema = z.object({
  id: z.string(),
  tag_depart: z.string(),
  tag_cible: z.string(),
  statut: z.enum(appUpdateStatuses),
  /** Where it stands, as a French sentence for the application page. */
  message: z.string(),
  /** Why the backup failed or the new version was rolled back; null otherwise. */
  erreur: z.nullable(z.string()),
  /** The backup taken first (in the application's backups); null once deleted. */
  sauvegarde_id: z.nullable(z.string()),
  debut: z.string(),
  fin: z.nullable(z.string()),
});
export type ApplicationUpdate = z.infer<typeof applicationUpdateSchema>;

/** `mise_a_jour` of GET /deployments/deployment/{id}. */
export const miseAJourSchema = z.object({
  /** The update the catalogue announces from the running tag; null: none (or one under way). */
  disponible: z.nullable(
    z.object({
      tag_actuel: z.string(),
      tag_nouveau: z.string(),
      /** The two tags as the page shows them (« 6.3 → 6.4 »: a suffix both share dropped). */
      version_actuelle: z.string(),
      version_nouvelle: z.string(),
      notes: z.string(),
    }),
  ),
  /** The latest update asked for (under way or finished); null: never updated. */
  derniere: z.nullable(applicationUpdateSchema),
});
export type MiseAJour = z.infer<typeof miseAJourSchema>;

/** POST /deployments/{id}/update → 202. */
export const updateStartedSchema = z.object({
  message: z.string(),
  mise_a_jour: applicationUpdateSchema,
});
