/** What the API answers about scheduled tasks and their runs (apps/api modules/tasks/presenter.ts). */
import { z } from 'zod/mini';
import { concurrencyPolicies } from '../tasks';

export const taskRunStatuts = ['running', 'success', 'failed', 'timeout', 'skipped'] as const;
export type TaskRunStatut = (typeof taskRunStatuts)[number];
export const taskRunTriggers = ['schedule', 'manual', 'command'] as const;
export type TaskRunTrigger = (typeof taskRunTriggers)[number];

export const taskRunSchema = z.object({
  id: z.string(),
  tache_id: z.nullable(z.string()),
  application_id: z.string(),
  commande: z.string(),
  declencheur: z.enum(taskRunTriggers),
  statut: z.enum(taskRunStatuts),
  /** The slot of a scheduled run. */
  prevue_a: z.nullable(z.string()),
  date_debut: z.string(),
  date_fin: z.nullable(z.string()),
  duree_secondes: z.nullable(z.number()),
  code_sortie: z.nullable(z.number()),
  erreur: z.nullable(z.string()),
  /** The simulation runtime ran nothing. */
  simulee: z.boolean(),
  lignes_journal: z.number(),
});
export type TaskRun = z.infer<typeof taskRunSchema>;

export const taskSchema = z.object({
  id: z.string(),
  application_id: z.string(),
  nom: z.string(),
  commande: z.string(),
  planification: z.string(),
  /** « tous les jours à 02:00 » */
  planification_texte: z.string(),
  fuseau_horaire: z.string(),
  delai_max_secondes: z.number(),
  politique_concurrence: z.enum(concurrencyPolicies),
  actif: z.boolean(),
  prochaine_execution: z.nullable(z.string()),
  derniere_execution: z.nullable(taskRunSchema),
  date_creation: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

export const tasksOfApplicationSchema = z.object({
  taches: z.array(taskSchema),
  /** The latest runs of the application (scheduled, manual and commands), newest first. */
  executions: z.array(taskRunSchema),
  /** Runs a project may have at once (TASK_RUNS_PER_PROJECT). */
  executions_simultanees_max: z.number(),
});
export type TasksOfApplication = z.infer<typeof tasksOfApplicationSchema>;

export const taskRunStartedSchema = z.object({ message: z.string(), execution: taskRunSchema });

export const taskRunLogSchema = z.object({
  execution: taskRunSchema,
  lignes: z.array(z.object({ seq: z.number(), line: z.string(), at: z.string() })),
});
export type TaskRunLog = z.infer<typeof taskRunLogSchema>;
