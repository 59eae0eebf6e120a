import type { FastifyBaseLogger } from 'fastify';

/**
 * Backups and restores run after the API has answered (202). This keeps the ones in flight so
 * a shutdown (or a test) can wait for them instead of cutting them half-way.
 */
export class BackgroundJobs {
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(what: string, job: () => Promise<unknown>): void {
    const promise = job()
      .catch((err: unknown) => this.log.error({ err }, `${what} failed unexpectedly`))
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }
}
