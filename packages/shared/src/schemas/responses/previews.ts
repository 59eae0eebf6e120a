/** What the API answers about pull-request previews (apps/api modules/previews/presenter.ts). */
import { z } from 'zod/mini';
import { previewDatabaseModes } from '../previews';
import { envVarViewSchema } from './builds';

export const previewStates = [
  'building',
  'deploying',
  'ready',
  'failed',
  'refused',
  'stopped',
  'closing',
] as const;
export type PreviewState = (typeof previewStates)[number];

export const previewProviders = ['github', 'gitlab', 'gitea'] as const;
export type PreviewProvider = (typeof previewProviders)[number];

export const previewSchema = z.object({
  id: z.string(),
  fournisseur: z.enum(previewProviders),
  numero_pr: z.number(),
  titre: z.string(),
  url_pr: z.nullable(z.string()),
  branche: z.string(),
  commit: z.string(),
  /** From a fork: built without the project's variables until approved. */
  depuis_fork: z.boolean(),
  approuve: z.boolean(),
  etat: z.enum(previewStates),
  /** Why it was refused, failed or stopped. */
  message: z.nullable(z.string()),
  environnement_id: z.nullable(z.string()),
  application_id: z.nullable(z.string()),
  /** Where the preview answers, once it has an application. */
  url: z.nullable(z.string()),
  /** What it reserves, priced for a month (XOF), counted in the project's costs. */
  cout_mensuel_xof: z.nullable(z.number()),
  date_creation: z.string(),
  date_maj: z.string(),
  /** A closed pull request's preview is deleted then. */
  suppression_prevue: z.nullable(z.string()),
});
export type Preview = z.infer<typeof previewSchema>;

export const previewSettingsViewSchema = z.object({
  actif: z.boolean(),
  cpu: z.number(),
  ram: z.number(),
  delai_suppression_minutes: z.number(),
  arret_inactivite_heures: z.nullable(z.number()),
  bases_de_donnees: z.enum(previewDatabaseModes),
  variables: z.array(envVarViewSchema),
  api_url: z.nullable(z.string()),
  jeton_statut_id: z.nullable(z.string()),
});
export type PreviewSettingsView = z.infer<typeof previewSettingsViewSchema>;

/** An application of the project built from the same repository: which branch each environment follows. */
export const trackedBranchSchema = z.object({
  environnement_id: z.string(),
  environnement_nom: z.string(),
  application_id: z.string(),
  application_nom: z.string(),
  branche: z.string(),
});
export type TrackedBranch = z.infer<typeof trackedBranchSchema>;

export const previewsOfApplicationSchema = z.object({
  parametres: previewSettingsViewSchema,
  /** The project's applications of the same repository (this one included), previews left out. */
  branches_suivies: z.array(trackedBranchSchema),
  /** PREVIEWS_PER_PROJECT: previews a project may have open at once. */
  maximum_par_projet: z.number(),
  ouverts_dans_le_projet: z.number(),
  apercus: z.array(previewSchema),
});
export type PreviewsOfApplication = z.infer<typeof previewsOfApplicationSchema>;

/** An environment that is a preview (environments list, dashboard). */
export const environmentPreviewSchema = z.object({
  application_source_id: z.string(),
  numero_pr: z.number(),
  url_pr: z.nullable(z.string()),
});
