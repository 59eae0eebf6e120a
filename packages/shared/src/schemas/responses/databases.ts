import { z } from 'zod/mini';
import { databaseEngineIds } from '../../database-engines';
import { publicAccessResponseSchema } from '../database-public';

/** An application linked to a database, and the variable it receives. */
export const databaseLinkSchema = z.object({
  application_id: z.string(),
  application_nom: z.string(),
  variable: z.string(),
});

/**
 * A database of an environment (issue 25). Never its password: `chaine_connexion` carries a
 * mask in its place; only POST /databases/{id}/credentials/reveal answers it.
 */
export const databaseResponseSchema = z.object({
  id: z.string(),
  nom: z.string(),
  moteur: z.enum(databaseEngineIds),
  moteur_libelle: z.string(),
  version: z.string(),
  statut_deploiement: z.string(),
  status_reason: z.nullable(z.string()),
  /** Stopped by its user; `statut_deploiement` is STOPPED once nothing of it runs any more. */
  arretee: z.boolean(),
  cpu_requis: z.number(),
  ram_requise: z.number(),
  stockage_requis: z.number(),
  environnement_id: z.string(),
  projet_id: z.string(),
  hote: z.string(),
  port: z.number(),
  utilisateur: z.nullable(z.string()),
  base: z.nullable(z.string()),
  chaine_connexion: z.string(),
  applications_liees: z.array(databaseLinkSchema),
  /** Its optional public endpoint (issue 25 item 2). */
  acces_public: publicAccessResponseSchema,
  date_creation: z.string(),
});
export type DatabaseResource = z.infer<typeof databaseResponseSchema>;

export const databaseListSchema = z.array(databaseResponseSchema);

/** The reveal call's answer: the only one carrying the password. */
export const databaseCredentialsSchema = z.object({
  utilisateur: z.nullable(z.string()),
  mot_de_passe: z.string(),
  chaine_connexion: z.string(),
});
export type DatabaseCredentials = z.infer<typeof databaseCredentialsSchema>;

/** What the engine list offers (the operator's versions). */
export const databaseEngineListSchema = z.array(
  z.object({
    id: z.enum(databaseEngineIds),
    libelle: z.string(),
    versions: z.array(z.string()),
    port: z.number(),
  }),
);
export type DatabaseEngineOffer = z.infer<typeof databaseEngineListSchema>[number];
