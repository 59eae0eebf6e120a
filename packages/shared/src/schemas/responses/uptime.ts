/** Uptime checks of an application and a project's public status page (issue 28 item 3). */
import { z } from 'zod/mini';

const dayBarSchema = z.object({
  /** A UTC day, `YYYY-MM-DD`. */
  jour: z.string(),
  verifications: z.number(),
  echecs: z.number(),
  /** null: nothing was checked that day. */
  pourcentage: z.nullable(z.number()),
  simule: z.boolean(),
});
export type UptimeDayBar = z.infer<typeof dayBarSchema>;

export const uptimeIncidentSchema = z.object({
  id: z.string(),
  debut: z.string(),
  /** null: still going on. */
  fin: z.nullable(z.string()),
  duree_secondes: z.number(),
  /** French: « délai dépassé », « code HTTP 502 », « connexion refusée »… */
  raison: z.string(),
  simule: z.boolean(),
});
export type UptimeIncident = z.infer<typeof uptimeIncidentSchema>;

export const uptimeSettingsResponseSchema = z.object({
  chemin: z.string(),
  /** null: any 2xx or 3xx. */
  code_attendu: z.nullable(z.number()),
  delai_secondes: z.number(),
  /** How often the platform checks (the same for every application). */
  intervalle_secondes: z.number(),
});
export type UptimeSettings = z.infer<typeof uptimeSettingsResponseSchema>;

/** GET /deployments/{id}/uptime: the last 30 days. */
export const applicationUptimeSchema = z.object({
  application_id: z.string(),
  /** The runtime the checks ran against; `simulation`: nothing real was measured. */
  source: z.string(),
  simule: z.boolean(),
  /** `up` (the last check succeeded and no incident is open), `down`, `unknown` (never checked). */
  etat: z.enum(['up', 'down', 'unknown']),
  derniere_verification: z.nullable(
    z.object({
      date: z.string(),
      ok: z.boolean(),
      code_http: z.nullable(z.number()),
      duree_ms: z.number(),
      raison: z.nullable(z.string()),
    }),
  ),
  pourcentage_30_jours: z.nullable(z.number()),
  jours: z.array(dayBarSchema),
  /** The last 30 days' incidents, newest first (50 at most). */
  incidents: z.array(uptimeIncidentSchema),
  reglages: uptimeSettingsResponseSchema,
});
export type ApplicationUptime = z.infer<typeof applicationUptimeSchema>;

/** GET and PUT /projects/{id}/status-page. */
export const statusPageSchema = z.object({
  active: z.boolean(),
  /** The public address (no login), null while disabled. */
  url: z.nullable(z.string()),
});
export type StatusPage = z.infer<typeof statusPageSchema>;

/**
 * GET /public/status/{token}: what anyone may read. Names and bars only: no address, no id of
 * any other resource, no e-mail.
 */
export const publicStatusSchema = z.object({
  projet: z.string(),
  etat_global: z.enum(['up', 'down', 'unknown']),
  simule: z.boolean(),
  genere_le: z.string(),
  applications: z.array(
    z.object({
      nom: z.string(),
      environnement: z.string(),
      etat: z.enum(['up', 'down', 'unknown']),
      pourcentage_90_jours: z.nullable(z.number()),
      jours: z.array(dayBarSchema),
    }),
  ),
});
export type PublicStatus = z.infer<typeof publicStatusSchema>;
