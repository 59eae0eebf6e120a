import { taskApiDocs } from '@nuage/shared/messages/tasks';
import { terminalApiDocs, terminalTexts } from '@nuage/shared/messages/terminal';
import { terminalQuerySchema } from '@nuage/shared/schemas/terminal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import type { Config } from '../../config';
import { RuntimeUnavailableError, ShellRefusedError } from '../../engine/driver';
import { applicationRefOf } from '../../engine/specs/refs';
import { currentUser } from '../../http/authenticate';
import { bearer, pathParams } from '../../http/route-helpers';
import { declareProjectScoped } from '../../http/token-scope';
import { DomainError } from '../../lib/errors';
import { recordAudit } from '../audit/record';
import { authorizeDeployment } from '../deployments/access';
import { TerminalConnection } from './connection';
import type { OpenTerminals } from './open-terminals';

/** The terminal's timings; tests shorten them. */
export interface TerminalTimings {
  /** Default TERMINAL_IDLE_SECONDS × 1000 (900 s). */
  idleMs: number;
  /** How often an open terminal checks its caller's session and role again (5 s). */
  recheckMs: number;
}

/** TERMINAL_IDLE_SECONDS (default 15 minutes), and a re-check every 5 s. */
export const terminalTimings = (config: Pick<Config, 'terminal'>): TerminalTimings => ({
  idleMs: (config.terminal?.idleSeconds ?? 900) * 1000,
  recheckMs: 5000,
});

const ACCESS_LOST = new Set(['unauthorized', 'forbidden', 'not_found']);

/**
 * The browser terminal (issue 29): GET /deployments/:id/terminal upgraded to a WebSocket, a
 * shell in a running replica. The handshake is authenticated like the rest of the API, except
 * that a browser's cookie counts only from the platform's origin and a read-only token never
 * (http/authenticate.ts); only developers and admins of the project pass (403 in French), and
 * the same checks run again every few seconds while it is open.
 */
export const terminalRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  terminals: OpenTerminals;
  timings: TerminalTimings;
}> = async (app, { ctx, terminals, timings }) => {
  app.addHook('onRequest', app.authenticateUpgrade);
  declareProjectScoped(app);

  app.get(
    '/deployments/:id/terminal',
    {
      websocket: true,
      schema: {
        summary: terminalApiDocs.summary,
        description: terminalApiDocs.description,
        tags: [taskApiDocs.tag],
        security: bearer,
        params: pathParams('id'),
        querystring: terminalQuerySchema,
      },
      preHandler: async (request) => {
        await authorizeDeployment(ctx.db, {
          deploymentId: request.params.id,
          userId: currentUser(request).id,
          need: 'developer',
        });
      },
    },
    (socket, request) => {
      const userId = currentUser(request).id;
      const deploymentId = request.params.id;
      const { replica, cols, rows } = request.query;
      let deployment: { projectId: string; nom: string } | null = null;
      const connection = new TerminalConnection(socket, {
        ...timings,
        async open() {
          const row = await authorizeDeployment(ctx.db, {
            deploymentId,
            userId,
            need: 'developer',
          });
          deployment = row;
          const driver = ctx.engine.driver;
          if (!driver.openShell) throw new ShellRefusedError(terminalTexts.needsRealRuntime);
          if (!['RUNNING', 'DEPLOYING'].includes(row.status))
            throw new ShellRefusedError(terminalTexts.notDeployed);
          const ref = await applicationRefOf(ctx.db, row);
          return driver.openShell(ref, { replica, cols, rows });
        },
        async recheck() {
          try {
            await app.authenticateUpgrade(request);
            await authorizeDeployment(ctx.db, { deploymentId, userId, need: 'developer' });
            return 'ok';
          } catch (err) {
            if (err instanceof DomainError && ACCESS_LOST.has(err.code)) return 'revoked';
            // The database did not answer: the next check decides.
            ctx.log.warn({ err, deploymentId }, 'terminal access not checked');
            return 'ok';
          }
        },
        refusal(err) {
          if (err instanceof ShellRefusedError) return err.message;
          if (err instanceof RuntimeUnavailableError) return terminalTexts.runtimeUnavailable;
          if (err instanceof DomainError) return err.detail;
          ctx.log.error({ err, deploymentId }, 'terminal not opened');
          return terminalTexts.unexpected;
        },
        async record(entry) {
          if (!deployment) return;
          await recordAudit(
            ctx.db,
            {
              projectId: deployment.projectId,
              action: 'terminal.session',
              target: { type: 'deployment', id: deploymentId, name: deployment.nom },
              details: {
                replica: entry.replica,
                ouvert_a: entry.openedAt.toISOString(),
                duree_secondes: Math.round(
                  (entry.closedAt.getTime() - entry.openedAt.getTime()) / 1000,
                ),
                fin: entry.ending,
                ...(entry.exitCode === null ? {} : { code_sortie: entry.exitCode }),
              },
            },
            request.scope,
          ).catch((err: unknown) => ctx.log.error({ err }, 'terminal audit entry not recorded'));
        },
      });
      terminals.add(connection);
      void connection.start();
    },
  );
};
