import type { AppContext } from '../../app-context';
import { DueRowsWorker } from '../../lib/due-rows-worker';
import { SAFETY_POLL_MS } from '../../lib/work-loop';
import { registryCredentialLookup } from '../../engine/specs/registry-credential-lookup';
import { recordAudit } from '../audit/record';
import { registryPolicyOf, registryRefusal } from '../deployments/image-registry-policy';
import { fetchTagDigest, RegistryCheckError, type TagDigestQuery } from './registry-client';
import {
  claimDueWatches,
  nextWatchDueAt,
  recordWatchDigest,
  recordWatchFailure,
  type WatchedApplication,
} from './watch-store';

export interface ImageWatchWorkerOptions {
  intervalMs: number;
  /** Applications claimed per pass, and asked at once at most. */
  batchSize?: number;
  /** Tests: the registry read (a local registry over plain HTTP). */
  fetchDigest?: (q: TagDigestQuery) => Promise<string>;
  /** Tests: registries answering plain HTTP. */
  scheme?: 'https' | 'http';
}

/** How long a claimed check is left to its process before another may take it. */
const LEASE_MS = 5 * 60_000;

/**
 * « Redéployer à chaque nouvelle version » (issue 30 item 1): each image application with the
 * option on has its tag's digest read from its registry once per interval (longer after
 * errors); a new digest pins the application to it and asks the engine for a rolling update.
 * A registry that refuses or does not answer never touches the application: the reason is
 * kept for its page. The schedule lives in PostgreSQL (watch-store.ts).
 */
export class ImageWatchWorker {
  private readonly rows: DueRowsWorker<WatchedApplication>;

  constructor(
    private readonly ctx: AppContext,
    private readonly opts: ImageWatchWorkerOptions,
  ) {
    this.rows = new DueRowsWorker({
      log: ctx.log,
      failure: 'image watch pass failed',
      intervalMs: opts.intervalMs,
      // Each watch is due at a known time (a lapsed lease too), but a newly watched application
      // wakes nobody: it is found within an interval, and never more than the safety poll.
      pollMs: Math.min(opts.intervalMs, SAFETY_POLL_MS),
      nextDueAt: () => nextWatchDueAt(ctx.db),
      claim: (now) =>
        claimDueWatches(ctx.db, { now, leaseMs: LEASE_MS, limit: opts.batchSize ?? 10 }),
      // Together: each waits on a registry's answer.
      together: true,
      handle: (app, now) => this.checkOne(app, now),
      rowFailure: {
        message: 'image watch check not recorded',
        fields: (app) => ({ deploymentId: app.id }),
      },
    });
  }

  start() {
    this.rows.start();
  }

  stop(deadline?: number) {
    return this.rows.stop(deadline);
  }

  /** A registry's webhook made an application due: checked without waiting for the next poll. */
  wake() {
    this.rows.wake();
  }

  /** One pass; answers how many applications were checked. */
  pass(now = new Date()): Promise<number> {
    return this.rows.pass(now);
  }

  private async checkOne(app: WatchedApplication, now: Date) {
    const { intervalMs } = this.opts;
    let digest: string;
    try {
      digest = await this.readDigest(app);
    } catch (err) {
      if (!(err instanceof RegistryCheckError)) throw err;
      this.ctx.log.info(
        { deploymentId: app.id, reason: err.message },
        'image watch: registry check failed',
      );
      await recordWatchFailure(this.ctx.db, app, { now, intervalMs, message: err.message });
      return;
    }
    const redeploy = await this.ctx.db.transaction(async (tx) => {
      const asked = await recordWatchDigest(tx, app, { now, intervalMs, digest });
      if (asked)
        await recordAudit(
          tx,
          {
            projectId: app.projectId,
            action: 'deployment.image_update',
            target: { type: 'deployment', id: app.id, name: app.nom },
            details: {
              image: `${app.imageRegistryUrl}:${app.imageTag}`,
              ancienne_empreinte: app.imageDigest ?? app.imageWatchDigest,
              nouvelle_empreinte: digest,
            },
          },
          null,
        );
      return asked;
    });
    if (redeploy) {
      this.ctx.log.info({ deploymentId: app.id, digest }, 'image watch: new digest, redeploying');
      this.ctx.engine.wake();
    }
  }

  private async readDigest(app: WatchedApplication): Promise<string> {
    const policy = registryPolicyOf(this.ctx.config);
    const allowPrivate = policy.allowPrivate;
    const refusal = registryRefusal(app.imageRegistryUrl, policy);
    if (refusal) throw new RegistryCheckError(refusal);
    const credentials = app.registryCredentialId
      ? await registryCredentialLookup(
          this.ctx.db,
          this.ctx.secrets.secretsKey,
        )(app.registryCredentialId)
      : null;
    const fetch = this.opts.fetchDigest ?? fetchTagDigest;
    return fetch({
      repository: app.imageRegistryUrl,
      tag: app.imageTag,
      credentials,
      allowPrivate,
      ...(this.opts.scheme ? { scheme: this.opts.scheme } : {}),
    });
  }
}
