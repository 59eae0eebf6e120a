import { z } from 'zod/mini';
import { previewErrorTexts as t } from '../messages/previews';
import { envVarListSchema } from './code';
import { cpuField, ramField } from './deployments';

/** Issue 26: previews of pull requests, per code application. */

/**
 * What a preview gets for each database the application is linked to: nothing, its own empty
 * one, or its own restored from the latest backup of the application's.
 */
export const previewDatabaseModes = ['aucune', 'vide', 'sauvegarde'] as const;
export type PreviewDatabaseMode = (typeof previewDatabaseModes)[number];

export const previewLimits = {
  /** A closed pull request's preview is deleted after this many minutes (0: at once). */
  maxDeleteDelayMinutes: 10_080,
  minIdleHours: 1,
  maxIdleHours: 720,
  defaultCpu: 0.25,
  defaultRam: 0.5,
} as const;

const wholeNumber = (min: number, max: number, error: string) =>
  z.number({ error }).check(z.int({ error }), z.gte(min, error), z.lte(max, error));

const apiUrlField = z.string({ error: t.apiUrlInvalid }).check(
  z.trim(),
  z.maxLength(500, t.apiUrlInvalid),
  // http(s), a host, no credentials, no spaces (the shared package has no URL class).
  z.regex(/^https?:\/\/[^\s/@?#]+(?:\/[^\s]*)?$/, t.apiUrlInvalid),
);

/** PUT /deployments/{id}/previews: the application's preview settings (admin). */
export const previewSettingsSchema = z.object({
  actif: z.boolean(),
  /** Each preview's size, chosen by the project's admin (one instance). */
  cpu: cpuField,
  ram: ramField,
  delai_suppression_minutes: z._default(
    wholeNumber(0, previewLimits.maxDeleteDelayMinutes, t.delayInvalid),
    0,
  ),
  /**
   * A preview that served no request for this many hours is stopped (its environment deleted,
   * the request still followed: a push or « Relancer » makes it again); null: never.
   */
  arret_inactivite_heures: z._default(
    z.nullable(wholeNumber(previewLimits.minIdleHours, previewLimits.maxIdleHours, t.idleInvalid)),
    null,
  ),
  /**
   * Each database linked to the application: the preview gets its own of the same engine and
   * version, linked under the same variable, empty (« vide ») or restored from the latest
   * backup of the application's (« sauvegarde »), or none (« aucune »).
   */
  bases_de_donnees: z._default(z.enum(previewDatabaseModes, { error: t.databasesInvalid }), 'vide'),
  /** Variables of the previews that replace or add to the application's own. */
  variables: z._default(envVarListSchema, []),
  /** The Git host's API; null: derived from the repository's address. */
  api_url: z._default(z.nullable(apiUrlField), null),
  /** The project's token the reports are written with; null: the application's own token. */
  jeton_statut_id: z._default(z.nullable(z.string()), null),
});
export type PreviewSettingsInput = z.infer<typeof previewSettingsSchema>;
