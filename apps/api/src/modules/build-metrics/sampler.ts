import { buildMetricsNotices } from '@nuage/shared/messages/build-metrics';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import type { BuildUsageProbe } from '../../engine/builds/builder';
import { recordBuildNotice, recordBuildSample, type BuildSample } from './store';

/** Where the readings go (store.ts; the unit tests keep them in memory). */
export interface BuildSampleSink {
  sample(buildId: string, s: BuildSample): Promise<void>;
  notice(buildId: string, notice: string): Promise<void>;
}

export const databaseSink = (db: Executor): BuildSampleSink => ({
  sample: (buildId, s) => recordBuildSample(db, buildId, s),
  notice: (buildId, notice) => recordBuildNotice(db, buildId, notice),
});

export interface BuildSamplerOptions {
  sink: BuildSampleSink;
  buildId: string;
  /** BUILD_METRICS_SAMPLE_SECONDS: at most one sample per interval. */
  intervalMs: number;
  /** At most this many samples per build (its timeout over the interval): bounded storage. */
  maxSamples: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => number;
}

/** The interval, and the samples that a build lasting `timeoutSeconds` can take at most. */
export function samplingOf(settings: { timeoutSeconds: number; metricsSampleMs?: number }) {
  const intervalMs = settings.metricsSampleMs ?? 3000;
  return {
    intervalMs,
    maxSamples: Math.ceil((settings.timeoutSeconds * 1000) / intervalMs) + 2,
  };
}

/**
 * Samples one running build (issue 28 item 1, builds): once the builder hands its probe
 * (BuildIo.onUsageProbe), reads it at once and then every interval, in this process, until
 * the build ends. A reading never fails the build: what goes wrong is a notice or a log line.
 */
export class BuildUsageSampler {
  private probe: BuildUsageProbe | null = null;
  private timer: NodeJS.Timeout | undefined;
  private reading: Promise<void> | null = null;
  private lastAt: number | null = null;
  private samples = 0;
  private notice: string | null = null;
  private stopped = false;
  private readonly now: () => number;

  constructor(private readonly opts: BuildSamplerOptions) {
    this.now = opts.now ?? (() => Date.now());
  }

  /** The builder's probe (a retried step hands a new one): read now, then every interval. */
  attach(probe: BuildUsageProbe) {
    if (this.stopped) return;
    this.probe = probe;
    if (!this.timer) {
      this.timer = setInterval(() => void this.tick(), this.opts.intervalMs);
      this.timer.unref();
    }
    void this.tick();
  }

  /** One reading, unless one is under way (a slow runtime does not pile readings up). */
  tick(): Promise<void> {
    if (this.reading) return this.reading;
    if (!this.probe || this.stopped) return Promise.resolve();
    this.reading = this.readOnce(this.probe)
      .catch((err: unknown) =>
        this.opts.log.warn(
          { buildId: this.opts.buildId, err: (err as Error).message },
          'build sample not recorded',
        ),
      )
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }

  private stopping: Promise<void> | null = null;

  /** The build ended: no more readings; says why there is no graph when none was taken. */
  stop(): Promise<void> {
    this.stopping ??= this.finish();
    return this.stopping;
  }

  private async finish() {
    this.stopped = true;
    clearInterval(this.timer);
    await this.reading;
    if (this.probe && this.samples === 0 && this.notice === null)
      await this.opts.sink
        .notice(this.opts.buildId, buildMetricsNotices.noSample)
        .catch(() => undefined);
  }

  private async readOnce(probe: BuildUsageProbe) {
    const at = this.now();
    // At most one sample per interval (with some slack for the timer), and so many per build.
    if (this.lastAt !== null && at - this.lastAt < this.opts.intervalMs * 0.8) return;
    if (this.samples >= this.opts.maxSamples) return;
    let usage: Awaited<ReturnType<BuildUsageProbe>>;
    try {
      usage = await probe();
    } catch (err) {
      this.opts.log.warn(
        { buildId: this.opts.buildId, err: (err as Error).message },
        'build usage unavailable',
      );
      usage = { notice: buildMetricsNotices.runtimeUnavailable };
    }
    if (usage === null || this.stopped) return;
    if ('notice' in usage) {
      if (usage.notice !== this.notice && this.samples === 0)
        await this.opts.sink.notice(this.opts.buildId, usage.notice);
      this.notice = usage.notice;
      return;
    }
    this.lastAt = at;
    this.samples++;
    this.notice = null;
    await this.opts.sink.sample(this.opts.buildId, {
      at: new Date(at),
      cpuMilli: usage.cpuMilli,
      ramMb: usage.ramMb,
      simulated: usage.simulated === true,
    });
  }
}
