import { integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * The simulation runtime's state: what would be running, kept in the database so every API
 * process and every restart sees the same simulated pods. Nothing here runs anywhere.
 */
export const simulatedApplications = pgTable('simulated_applications', {
  deploymentId: uuid('deployment_id').primaryKey(),
  name: text('name').notNull(),
  namespace: text('namespace').notNull(),
  replicas: integer('replicas').notNull(),
  images: jsonb('images').$type<string[]>().notNull(),
  /** Bumped by apply and restart: pods are "recreated" and start again. */
  podGeneration: integer('pod_generation').notNull().default(1),
  /** When each replica (by index) last started. */
  podStarts: jsonb('pod_starts').$type<string[]>().notNull(),
  /**
   * The pods a restart replaced, which keep serving until their successors are ready (as the
   * real runtimes start the new replica before stopping the old one).
   */
  replacedPods: jsonb('replaced_pods').$type<{ generation: number; starts: string[] }>(),
  port: integer('port').notNull(),
  failure: text('failure'),
  cpuMilli: integer('cpu_milli').notNull(),
  ramMb: integer('ram_mb').notNull(),
  /**
   * Each run of the application's setup task (install, then each admin password regeneration),
   * by password revision: what a real runtime would have executed, recorded instead.
   */
  setupRuns: jsonb('setup_runs').$type<{ revision: number; at: string }[]>().notNull().default([]),
  createdAt: createdAt(),
});

export const simulatedEnvironments = pgTable('simulated_environments', {
  namespace: text('namespace').primaryKey(),
  environmentId: uuid('environment_id').notNull(),
  createdAt: createdAt(),
});
