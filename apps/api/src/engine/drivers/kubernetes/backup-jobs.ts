import { randomBytes } from 'node:crypto';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IPod } from 'kubernetes-models/v1/Pod';
import { isDatabaseService, type BackupManifest } from '../../backup-parts';
import { RuntimeRejectedError } from '../../driver';
import { ARCHIVE_LINE, renderBackupJob, renderRestoreJob } from '../../manifests/backup-job';
import {
  renderDatabaseBackupJob,
  renderDatabaseRestoreJob,
} from '../../manifests/database-backup-job';
import { TRANSFER_URL_KEY, renderTransferSecret } from '../../manifests/backup-transfer';
import { renderStackBackupJob, renderStackRestoreJob } from '../../manifests/stack-backup-job';
import { StackQuiesce } from './stack-backups';
import {
  TABLES_LINE,
  TEST_PASSWORD_KEY,
  renderTestRestoreJob,
} from '../../manifests/test-restore-job';
import type { JobObject, KubeObject, RenderOptions, SecretObject } from '../../manifests/types';
import { LABELS, MANAGED_BY, type ApplicationSpec } from '../../spec';
import { checkedNamespace, rendered } from './guards';
import { type Demand, assertJobFits } from './pod-quota';
import { KubeApiRejection, type KubeClient } from './kube-client';
import type { ObjectWriter } from './object-writer';
import { reservationOf } from '../../../lib/reservation';
import { podLogPath } from './paths';
import type { WatchCache } from './watch-cache';
import { runtimeBackupTexts } from '@nuage/shared/messages/runtime-backups';

/**
 * Runs the backup and restore Jobs of manifests/backup-job.ts and waits for them through the
 * watch cache (no polling of the API server): the Job's Complete or Failed condition, then its
 * pod's log (the archive's SHA-256 and size, or why it failed). Each Job is checked against
 * the namespace's quota first (pod-quota.ts), created suspended, given its transfer Secret
 * (the presigned URL, owned by the Job), then resumed; the Secret is deleted once it ends.
 */

export interface ClusterBackupDeps {
  client: KubeClient;
  cache: WatchCache;
  render: RenderOptions;
  writer: ObjectWriter;
  scale(spec: ApplicationSpec, replicas: number): Promise<void>;
  /** Runs `fn` with drift repair leaving the application alone (drift-repair.ts holding). */
  holdingDrift<T>(deploymentId: string, fn: () => Promise<T>): Promise<T>;
  /** apply() again: recreates a deleted setup Job, which runs on the restored data. */
  reapply(spec: ApplicationSpec): Promise<void>;
}

const POLL_MS = 500;
/** The Jobs' own activeDeadlineSeconds, plus a margin for the controller to say so. */
const WAIT_MS = 3 * 3600_000 + 60_000;
const jobOf = (render: () => JobObject) => rendered(() => [render()])[0] as JobObject;

/** A Job name part that sorts by time and keeps `<name>-restore-<stamp>` within 63 characters. */
const stampNow = () => Date.now().toString(36);

export class ClusterBackups {
  private readonly quiesce: StackQuiesce;

  constructor(
    private readonly deps: ClusterBackupDeps,
    private readonly opts: { pollMs?: number; waitMs?: number } = {},
  ) {
    this.quiesce = new StackQuiesce(deps, {
      pollMs: opts.pollMs ?? POLL_MS,
      waitMs: opts.waitMs ?? WAIT_MS,
    });
  }

  async backup(
    spec: ApplicationSpec,
    transfer: { uploadUrl: string; manifest: BackupManifest },
  ): Promise<{ sha256: string; sizeBytes: number }> {
    const render = isDatabaseService(spec)
      ? renderDatabaseBackupJob
      : spec.stack
        ? renderStackBackupJob
        : renderBackupJob;
    const job = jobOf(() => render(spec, stampNow(), this.deps.render, transfer));
    await this.fits(spec, job, runtimeBackupTexts.backup);
    const run = () =>
      this.run(spec, job, runtimeBackupTexts.backup, { [TRANSFER_URL_KEY]: transfer.uploadUrl });
    // A Compose application's volumes are copied with their services stopped (stack-backups.ts).
    await (spec.stack ? this.stopped(spec, () => this.quiesce.around(spec, run)) : run());
    const log = await this.podLog(spec, job.metadata.name, 'upload');
    const found = ARCHIVE_LINE.exec(log);
    if (!found) {
      throw new RuntimeRejectedError(runtimeBackupTexts.backupWithoutChecksum);
    }
    return { sha256: found[1]!, sizeBytes: Number(found[2]) };
  }

  /**
   * Stops the application (its Deployment at 0 replicas), runs the restore Job, and starts it
   * again whatever happened; on success the setup Job runs again on the restored data (site
   * URL and administrator password of this application).
   */
  restore(spec: ApplicationSpec, transfer: { downloadUrl: string; sha256: string }): Promise<void> {
    return this.stopped(spec, () => this.restoreStopped(spec, transfer));
  }

  /** Workloads scaled to 0 by `fn` stay so: drift repair does not apply the spec meanwhile. */
  private stopped<T>(spec: ApplicationSpec, fn: () => Promise<T>): Promise<T> {
    return this.deps.holdingDrift(spec.deploymentId, fn);
  }

  private async restoreStopped(
    spec: ApplicationSpec,
    transfer: { downloadUrl: string; sha256: string },
  ): Promise<void> {
    if (isDatabaseService(spec)) return this.restoreDatabase(spec, transfer);
    if (spec.stack) return this.restoreStack(spec, transfer);
    const job = jobOf(() => renderRestoreJob(spec, stampNow(), this.deps.render, transfer));
    // The application's pods stop first: their room in the quota is the Job's (their cpu and
    // ram; the volumes stay, so no storage is freed).
    const pods = reservationOf({ ...spec.app, storageMb: 0, replicas: spec.replicas });
    const freed = { cpuMilli: pods.cpuMilli, ramMb: pods.ramMb };
    const what = runtimeBackupTexts.restore;
    await this.fits(spec, job, what, freed);
    await this.deps.scale(spec, 0);
    try {
      await this.run(spec, job, what, { [TRANSFER_URL_KEY]: transfer.downloadUrl });
    } finally {
      await this.deps.scale(spec, spec.replicas);
    }
    if (spec.setup) {
      await this.deps.writer.delete({
        apiVersion: 'batch/v1',
        kind: 'Job',
        metadata: { name: spec.setup.name, namespace: spec.namespace },
      } as KubeObject);
      await this.deps.reapply(spec);
    }
  }

  /** A Compose application: its volumes refilled with the services mounting them stopped. */
  private async restoreStack(
    spec: ApplicationSpec,
    transfer: { downloadUrl: string; sha256: string },
  ): Promise<void> {
    const job = jobOf(() => renderStackRestoreJob(spec, stampNow(), this.deps.render, transfer));
    const what = runtimeBackupTexts.restore;
    await this.fits(spec, job, what);
    await this.quiesce.around(spec, () =>
      this.run(spec, job, what, { [TRANSFER_URL_KEY]: transfer.downloadUrl }),
    );
  }

  /**
   * A database of an environment: PostgreSQL and MariaDB load their dump into the running
   * server; Redis's StatefulSet goes to 0 first (its Job mounts the claim, ReadWriteOnce) and
   * back to 1 whatever happened.
   */
  private async restoreDatabase(
    spec: ApplicationSpec,
    transfer: { downloadUrl: string; sha256: string },
  ): Promise<void> {
    const db = spec.database!;
    const job = jobOf(() => renderDatabaseRestoreJob(spec, stampNow(), this.deps.render, transfer));
    const what = runtimeBackupTexts.restore;
    const secret = { [TRANSFER_URL_KEY]: transfer.downloadUrl };
    if (db.engine !== 'redis') {
      await this.fits(spec, job, what);
      return this.run(spec, job, what, secret);
    }
    await this.fits(spec, job, what, { cpuMilli: db.cpuMilli, ramMb: db.ramMb });
    await this.scaleDatabase(spec, 0);
    try {
      await this.waitDatabaseGone(spec);
      await this.run(spec, job, what, secret);
    } finally {
      await this.scaleDatabase(spec, 1);
    }
  }

  private scaleDatabase(spec: ApplicationSpec, replicas: number) {
    const statefulSet = {
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: spec.database!.name, namespace: checkedNamespace(spec.namespace) },
    } as KubeObject;
    return this.deps.writer.mergePatch(statefulSet, { spec: { replicas } });
  }

  /** The server's pod gone (it flushed its AOF on SIGTERM): the claim is free for the Job. */
  private async waitDatabaseGone(spec: ApplicationSpec): Promise<void> {
    const deadline = Date.now() + (this.opts.waitMs ?? WAIT_MS);
    const labels = {
      [LABELS.managedBy]: MANAGED_BY,
      [LABELS.deploymentId]: spec.deploymentId,
      [LABELS.component]: 'database',
    };
    while ((await this.deps.cache.objects<IPod>(spec.namespace, 'Pod', labels)).length > 0) {
      if (Date.now() >= deadline) {
        throw new RuntimeRejectedError(runtimeBackupTexts.databaseStillRunning);
      }
      await new Promise((r) => setTimeout(r, this.opts.pollMs ?? POLL_MS));
    }
  }

  /** The weekly check: the dump loaded into a throwaway server in a Job of its own. */
  async testRestore(
    spec: ApplicationSpec,
    transfer: { downloadUrl: string; sha256: string },
  ): Promise<{ tablesCount: number }> {
    const password = randomBytes(18).toString('base64url');
    const [job] = rendered(() => {
      const rendered = renderTestRestoreJob(spec, stampNow(), transfer, this.deps.render);
      return rendered ? [rendered] : [];
    }) as JobObject[];
    if (!job) return { tablesCount: 0 };
    await this.fits(spec, job, runtimeBackupTexts.testRestore);
    await this.run(spec, job, runtimeBackupTexts.testRestore, {
      [TRANSFER_URL_KEY]: transfer.downloadUrl,
      [TEST_PASSWORD_KEY]: password,
    });
    const found = TABLES_LINE.exec(await this.podLog(spec, job.metadata.name, 'database'));
    if (!found) {
      throw new RuntimeRejectedError(runtimeBackupTexts.testRestoreWithoutCount);
    }
    return { tablesCount: Number(found[1]) };
  }

  /** Refused in French, before anything is created or stopped, when the quota cannot hold it. */
  private fits(spec: ApplicationSpec, job: JobObject, what: string, freed?: Demand) {
    return assertJobFits(this.deps.client, checkedNamespace(spec.namespace), job, what, freed);
  }

  /**
   * The Job (suspended), its transfer Secret owned by it, the Job resumed, its end
   * awaited; the Secret goes as soon as the Job ended (the garbage collector takes it with the
   * Job otherwise). A Secret that cannot be written takes its Job with it.
   */
  private async run(
    spec: ApplicationSpec,
    job: JobObject,
    what: string,
    secretData: Record<string, string>,
  ): Promise<void> {
    const { writer } = this.deps;
    const stored = await writer.apply(job);
    const uid = (stored.metadata as { uid?: string } | undefined)?.uid;
    const [secret] = rendered(() => [
      renderTransferSecret(spec, job.metadata.name, secretData),
    ]) as SecretObject[];
    secret!.metadata.ownerReferences = [
      { apiVersion: 'batch/v1', kind: 'Job', name: job.metadata.name, uid: uid ?? '' },
    ];
    try {
      await writer.apply(secret!);
      await writer.mergePatch(job, { spec: { suspend: false } });
    } catch (error) {
      // Nothing half-made stays: a suspended Job would wait forever.
      await writer.delete(job).catch(() => undefined);
      await writer.delete(secret!).catch(() => undefined);
      throw error;
    }
    try {
      await this.waitFor(spec, job.metadata.name, what);
    } finally {
      await writer.delete(secret!).catch(() => undefined);
    }
  }

  private labels(spec: ApplicationSpec) {
    return {
      [LABELS.managedBy]: MANAGED_BY,
      [LABELS.deploymentId]: spec.deploymentId,
      [LABELS.component]: 'backup',
    };
  }

  private async waitFor(spec: ApplicationSpec, name: string, what: string): Promise<void> {
    const namespace = checkedNamespace(spec.namespace);
    const deadline = Date.now() + (this.opts.waitMs ?? WAIT_MS);
    for (;;) {
      const jobs = await this.deps.cache.objects<IJob>(namespace, 'Job', this.labels(spec));
      const job = jobs.find((j) => j.metadata?.name === name);
      const condition = (type: string) =>
        job?.status?.conditions?.find((c) => c.type === type && c.status === 'True');
      if (condition('Complete')) return;
      const failed = condition('Failed');
      if (failed) {
        const log = await this.podLog(spec, name, null).catch(() => '');
        const detail = log.trim().split('\n').slice(-3).join(' ').slice(0, 400);
        throw new RuntimeRejectedError(
          runtimeBackupTexts.jobFailed(what, name, failed.message ?? failed.reason, detail),
        );
      }
      if (Date.now() >= deadline) {
        throw new RuntimeRejectedError(runtimeBackupTexts.jobTimedOut(what, name));
      }
      await new Promise((r) => setTimeout(r, this.opts.pollMs ?? POLL_MS));
    }
  }

  /** The log of the Job's pod: one container's, or every container's (a failure) when null. */
  private async podLog(spec: ApplicationSpec, job: string, container: string | null) {
    const pods = await this.deps.cache.objects<IPod>(spec.namespace, 'Pod', {
      ...this.labels(spec),
      'job-name': job,
    });
    const pod = pods.at(-1);
    if (!pod?.metadata?.name) return '';
    const names = container
      ? [container]
      : [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])].map((c) => c.name);
    const out: string[] = [];
    for (const name of names) {
      try {
        out.push(
          await this.deps.client.text('GET', podLogPath(spec.namespace, pod.metadata.name), {
            query: { container: name, tailLines: 50 },
          }),
        );
      } catch (error) {
        if (!(error instanceof KubeApiRejection)) throw error;
      }
    }
    return out.join('\n');
  }
}
