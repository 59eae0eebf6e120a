import type { App } from './app';
import { settledBy } from './lib/deadline';

/**
 * How long a platform stop may take (SIGTERM, SIGINT). Within it, every part is asked to stop
 * at once and waited for; what still runs at the end is cut by the exit and taken up again by
 * the next start: a restore is handed over (restore-resume.ts), an engine pass gives its
 * application back (reconciler.ts), a backup is recorded as interrupted. Kubernetes waits
 * 30 s before killing a pod, Compose is told to wait 30 s (deploy/docker/compose.yaml).
 */
export const SHUTDOWN_BOUND_MS = 20_000;
/** The end of the bound kept for closing the database (the embedded server stops with it). */
const CLOSE_MARGIN_MS = 3000;

/** What runs in an API process beside the app and must stop with it. */
export interface StoppableWorker {
  stop(deadline?: number): Promise<void>;
}

export async function stopPlatform(parts: {
  app: App;
  database: { close(): Promise<void> };
  workers: StoppableWorker[];
  boundMs?: number;
}): Promise<void> {
  const { app } = parts;
  const started = Date.now();
  const end = started + (parts.boundMs ?? SHUTDOWN_BOUND_MS);
  const deadline = Math.max(started, end - CLOSE_MARGIN_MS);
  // Nothing new starts; what runs is asked to end now, each waited for until the deadline.
  await Promise.all([
    ...parts.workers.map((w) => settledBy(w.stop(deadline), deadline)),
    settledBy(app.buildWorker?.stop() ?? Promise.resolve(), deadline),
    app.backupJobs.stop(deadline),
    settledBy(app.engine.stop(deadline), deadline),
  ]);
  // Requests under way finish; one still open at the deadline (a log stream) is cut.
  const closing = app.close();
  if (!(await settledBy(closing, deadline))) {
    app.log.warn('requests still open at shutdown: connections closed');
    app.server.closeAllConnections();
    await settledBy(closing, end);
  }
  await settledBy(parts.database.close(), end);
  app.log.info({ ms: Date.now() - started }, 'stopped');
}
