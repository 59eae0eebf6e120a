import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { concurrencyPolicies } from '@nuage/shared/schemas/tasks';
import { taskRunStatuts, taskRunTriggers } from '@nuage/shared/schemas/responses/tasks';
import { createdAt, timestamptz } from './columns';
import { deployments } from './deployments';
import { projects } from './projects';
import { users } from './users';

/**
 * Scheduled tasks of an application (issue 29): a command run in a fresh container of the
 * application's image on a five-field cron schedule in a time zone. `next_run_at` is the next
 * slot; the scheduler claims due tasks with SKIP LOCKED and moves it on (modules/tasks).
 */
export const scheduledTasks = pgTable(
  'scheduled_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deploymentId: uuid('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    nom: text('nom').notNull(),
    command: text('command').notNull(),
    schedule: text('schedule').notNull(),
    timeZone: text('time_zone').notNull(),
    timeoutSeconds: integer('timeout_seconds').notNull(),
    concurrency: text('concurrency', { enum: concurrencyPolicies }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Null while disabled. */
    nextRunAt: timestamptz('next_run_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('scheduled_tasks_deployment_idx').on(t.deploymentId),
    index('scheduled_tasks_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.enabled}`),
  ],
);

/**
 * One run of a task, of « Exécuter maintenant » or of a one-off command. A scheduled run is
 * unique per (task, slot): two API processes that both claim a slot insert it once. While
 * running, `claimed_by`/`heartbeat_at` say which process runs it (one gone silent died: its run
 * is failed as interrupted) and `cpu_milli`/`ram_mb` count against the project's quota.
 * Kept 30 days with their log.
 */
export const taskRuns = pgTable(
  'task_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id').references(() => scheduledTasks.id, { onDelete: 'cascade' }),
    deploymentId: uuid('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The task's name, or null for a one-off command. */
    taskName: text('task_name'),
    command: text('command').notNull(),
    trigger: text('trigger', { enum: taskRunTriggers }).notNull(),
    status: text('status', { enum: taskRunStatuts }).notNull(),
    scheduledAt: timestamptz('scheduled_at'),
    timeoutSeconds: integer('timeout_seconds').notNull(),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
    exitCode: integer('exit_code'),
    error: text('error'),
    simulated: boolean('simulated').notNull().default(false),
    cpuMilli: integer('cpu_milli').notNull().default(0),
    ramMb: integer('ram_mb').notNull().default(0),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    claimedBy: text('claimed_by'),
    heartbeatAt: timestamptz('heartbeat_at'),
    stopRequested: boolean('stop_requested').notNull().default(false),
    /** Log lines written so far (the next one gets logLines + 1). */
    logLines: integer('log_lines').notNull().default(0),
  },
  (t) => [
    uniqueIndex('task_runs_slot_key').on(t.taskId, t.scheduledAt),
    index('task_runs_deployment_idx').on(t.deploymentId, t.startedAt),
    index('task_runs_running_idx')
      .on(t.projectId)
      .where(sql`${t.status} = 'running'`),
    index('task_runs_started_idx').on(t.startedAt),
  ],
);

export const taskRunLogLines = pgTable(
  'task_run_log_lines',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => taskRuns.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    line: text('line').notNull(),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.seq] })],
);

export type ScheduledTaskRow = typeof scheduledTasks.$inferSelect;
export type TaskRunRow = typeof taskRuns.$inferSelect;
