import type { FastifyBaseLogger } from 'fastify';
import { settledBy } from '../../lib/deadline';

type Job = (signal: AbortSignal) => Promise<unknown>;

/**
 * Backups and restores run after the API has answered (202), and restores a stop handed over
 * run again at the next start (worker.ts). This keeps the ones in flight so a stop can end
 * them within its bound: each gets a signal, aborted by `stop()`, on which a restore hands
 * itself over to the next start and a backup is recorded as interrupted.
 */
export class BackgroundJobs {
  private readonly running = new Map<Promise<unknown>, AbortController>();
  private stopped = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Runs `job` now; refused (logged, not run, false) once the process is stopping. */
  run(what: string, job: Job): boolean {
    if (this.stopped) {
      this.log.warn({ what }, 'not started: the platform is stopping');
      return false;
    }
    const controller = new AbortController();
    const promise = job(controller.signal)
      .catch((err: unknown) => this.log.error({ err }, `${what} failed unexpectedly`))
      .finally(() => this.running.delete(promise));
    this.running.set(promise, controller);
    return true;
  }

  /** Every job started so far, finished (tests). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running.keys()]);
  }

  /**
   * Asks every job to stop and waits for them until `deadline` (epoch ms) at most. Jobs end at
   * once on their signal (a database write each); those that do not are cut by the exit.
   */
  async stop(deadline: number): Promise<void> {
    this.stopped = true;
    for (const controller of this.running.values()) controller.abort();
    if (!(await settledBy(this.idle(), deadline))) {
      this.log.warn({ jobs: this.running.size }, 'background jobs still running at shutdown');
    }
  }
}
