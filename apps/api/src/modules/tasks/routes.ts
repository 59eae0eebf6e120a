import { taskApiDocs, taskTexts } from '@nuage/shared/messages/tasks';
import { noContentSchema } from '@nuage/shared/schemas/responses/common';
import {
  taskRunLogSchema,
  taskRunSchema,
  taskRunStartedSchema,
  taskSchema,
  tasksOfApplicationSchema,
} from '@nuage/shared/schemas/responses/tasks';
import { createTaskSchema, runCommandSchema, updateTaskSchema } from '@nuage/shared/schemas/tasks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../http/authenticate';
import { bearer, pathParams } from '../../http/route-helpers';
import { declareProjectScoped } from '../../http/token-scope';
import { resumePoint } from '../builds/log-stream';
import { streamRunLog } from './log-stream';
import type { TaskRunner } from './runner';
import type { TaskScheduler } from './scheduler';
import {
  createTask,
  deleteTask,
  listTasks,
  loadRun,
  runCommand,
  runLog,
  runTaskNow,
  stopRun,
  updateTask,
} from './service';

const tags = [taskApiDocs.tag];
const security = bearer;
const audit = (
  action: 'task.create' | 'task.update' | 'task.delete' | 'task.run' | 'task.stop',
) => ({
  audit: { action, target: 'deployment' as const },
});

/**
 * Scheduled tasks and one-off commands of an application (issue 29). Every member reads the
 * tasks and their runs; developers and admins create, change, run and stop them and read their
 * logs (ARCHITECTURE.md "Roles": reading logs is theirs). A read-only API token reads only
 * (http/authenticate.ts refuses its writes), so it can run nothing.
 */
export const taskRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  runner: TaskRunner;
  scheduler: Pick<TaskScheduler, 'tasksChanged'>;
}> = async (app, { ctx, runner, scheduler }) => {
  app.addHook('onRequest', app.authenticate);
  declareProjectScoped(app);
  const caller = (request: Parameters<typeof currentUser>[0], deploymentId: string) => ({
    deploymentId,
    userId: currentUser(request).id,
  });

  app.get(
    '/deployments/:id/tasks',
    {
      schema: {
        summary: taskApiDocs.list,
        response: { 200: tasksOfApplicationSchema },
        tags,
        security,
        params: pathParams('id'),
      },
    },
    async (request) => listTasks(ctx, caller(request, request.params.id)),
  );

  app.post(
    '/deployments/:id/tasks',
    {
      config: audit('task.create'),
      schema: {
        summary: taskApiDocs.create,
        response: { 201: taskSchema },
        tags,
        security,
        params: pathParams('id'),
        body: createTaskSchema,
      },
    },
    async (request, reply) => {
      const task = await createTask(ctx, {
        ...caller(request, request.params.id),
        input: request.body,
      });
      scheduler.tasksChanged(request.params.id);
      return reply.status(201).send(task);
    },
  );

  app.put(
    '/deployments/:id/tasks/:taskId',
    {
      config: audit('task.update'),
      schema: {
        summary: taskApiDocs.update,
        response: { 200: taskSchema },
        tags,
        security,
        params: pathParams('id', 'taskId'),
        body: updateTaskSchema,
      },
    },
    async (request) => {
      const task = await updateTask(ctx, {
        ...caller(request, request.params.id),
        taskId: request.params.taskId,
        input: request.body,
      });
      scheduler.tasksChanged(request.params.id);
      return task;
    },
  );

  app.delete(
    '/deployments/:id/tasks/:taskId',
    {
      config: audit('task.delete'),
      schema: {
        summary: taskApiDocs.remove,
        response: { 204: noContentSchema },
        tags,
        security,
        params: pathParams('id', 'taskId'),
      },
    },
    async (request, reply) => {
      await deleteTask(ctx, {
        ...caller(request, request.params.id),
        taskId: request.params.taskId,
      });
      scheduler.tasksChanged(request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/deployments/:id/tasks/:taskId/run',
    {
      config: audit('task.run'),
      schema: {
        summary: taskApiDocs.runNow,
        response: { 202: taskRunStartedSchema },
        tags,
        security,
        params: pathParams('id', 'taskId'),
      },
    },
    async (request, reply) => {
      const execution = await runTaskNow(ctx, runner, {
        ...caller(request, request.params.id),
        taskId: request.params.taskId,
      });
      return reply.status(202).send({ message: taskTexts.runStarted, execution });
    },
  );

  app.post(
    '/deployments/:id/commands',
    {
      config: {
        audit: {
          action: 'task.command',
          target: 'deployment',
          details: (request) => ({
            commande: (request.body as { commande?: string }).commande?.slice(0, 200),
          }),
        },
      },
      schema: {
        summary: taskApiDocs.command,
        description: taskApiDocs.commandDescription,
        response: { 202: taskRunStartedSchema },
        tags,
        security,
        params: pathParams('id'),
        body: runCommandSchema,
      },
    },
    async (request, reply) => {
      const execution = await runCommand(ctx, runner, {
        ...caller(request, request.params.id),
        input: request.body,
      });
      return reply.status(202).send({ message: taskTexts.runStarted, execution });
    },
  );

  app.get(
    '/deployments/:id/task-runs/:runId/logs',
    {
      schema: {
        summary: taskApiDocs.log,
        description: taskApiDocs.logDescription,
        response: { 200: taskRunLogSchema },
        tags,
        security,
        params: pathParams('id', 'runId'),
        querystring: z.object({ after: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const opts = { ...caller(request, request.params.id), runId: request.params.runId };
      if (!String(request.headers.accept ?? '').includes('text/event-stream'))
        return runLog(ctx, opts);
      const run = await loadRun(ctx.db, opts);
      const after = resumePoint(request.headers['last-event-id'], request.query.after);
      await streamRunLog(ctx, reply, run, after);
      return reply;
    },
  );

  app.post(
    '/deployments/:id/task-runs/:runId/stop',
    {
      config: audit('task.stop'),
      schema: {
        summary: taskApiDocs.stop,
        response: { 202: taskRunSchema },
        tags,
        security,
        params: pathParams('id', 'runId'),
      },
    },
    async (request, reply) => {
      const run = await stopRun(ctx, runner, {
        ...caller(request, request.params.id),
        runId: request.params.runId,
      });
      return reply.status(202).send(run);
    },
  );
};
