import { z } from 'zod/mini';
import { isTimeZone, parseCron } from '../cron';
import { taskTexts as t } from '../messages/tasks';
import { requiredText } from './fields';

/** Issue 29: scheduled tasks and one-off commands of an application. */
export const taskLimits = {
  defaultTimeZone: 'Africa/Abidjan',
  /** Default timeout: an hour. */
  defaultTimeoutSeconds: 3600,
  minTimeoutSeconds: 10,
  maxTimeoutSeconds: 86_400,
  commandMax: 4000,
  /** Runs and their logs are kept this long, then pruned. */
  retentionDays: 30,
} as const;

export const concurrencyPolicies = ['ignorer', 'autoriser'] as const;
export type ConcurrencyPolicy = (typeof concurrencyPolicies)[number];

const commandField = z
  .string({ error: t.commandRequired })
  .check(
    z.trim(),
    z.minLength(1, { error: t.commandRequired, abort: true }),
    z.maxLength(taskLimits.commandMax, t.commandTooLong),
  );

const scheduleField = z.string({ error: t.scheduleRequired }).check(
  z.trim(),
  z.minLength(1, { error: t.scheduleRequired, abort: true }),
  z.superRefine((value, ctx) => {
    const parsed = parseCron(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error, input: value });
  }),
);

const timeZoneField = z.string().check(
  z.trim(),
  z.superRefine((value, ctx) => {
    if (!isTimeZone(value))
      ctx.addIssue({ code: 'custom', message: t.timeZoneInvalid(value), input: value });
  }),
);

const timeoutField = z
  .number({ error: t.timeoutInvalid })
  .check(
    z.int({ error: t.timeoutInvalid }),
    z.gte(taskLimits.minTimeoutSeconds, t.timeoutInvalid),
    z.lte(taskLimits.maxTimeoutSeconds, t.timeoutInvalid),
  );

/** POST /deployments/{id}/tasks */
export const createTaskSchema = z.object({
  nom: requiredText(t.nameRequired, z.maxLength(100, t.nameTooLong)),
  commande: commandField,
  planification: scheduleField,
  fuseau_horaire: z._default(timeZoneField, taskLimits.defaultTimeZone),
  delai_max_secondes: z._default(timeoutField, taskLimits.defaultTimeoutSeconds),
  politique_concurrence: z._default(z.enum(concurrencyPolicies), 'ignorer'),
  actif: z._default(z.boolean(), true),
});
export type CreateTaskInput = z.input<typeof createTaskSchema>;
export type CreateTaskBody = z.output<typeof createTaskSchema>;

/** PUT /tasks/{id}: every field optional, left out = unchanged. */
export const updateTaskSchema = z.object({
  nom: z.optional(requiredText(t.nameRequired, z.maxLength(100, t.nameTooLong))),
  commande: z.optional(commandField),
  planification: z.optional(scheduleField),
  fuseau_horaire: z.optional(timeZoneField),
  delai_max_secondes: z.optional(timeoutField),
  politique_concurrence: z.optional(z.enum(concurrencyPolicies)),
  actif: z.optional(z.boolean()),
});
export type UpdateTaskInput = z.input<typeof updateTaskSchema>;

/** POST /deployments/{id}/commands: a one-off command. */
export const runCommandSchema = z.object({
  commande: commandField,
  delai_max_secondes: z._default(timeoutField, 600),
});
export type RunCommandInput = z.input<typeof runCommandSchema>;
