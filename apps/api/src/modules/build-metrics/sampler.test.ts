import { buildMetricsNotices } from '@nuage/shared/messages/build-metrics';
import { describe, expect, it } from 'vitest';
import type { BuildUsageProbe } from '../../engine/builds/builder';
import { BuildUsageSampler, samplingOf, type BuildSampleSink } from './sampler';
import type { BuildSample } from './store';

/** A sampler on a clock the test moves, its readings kept in memory; no timer fires (1 h). */
function harness(opts: { maxSamples?: number; intervalMs?: number } = {}) {
  let now = 1_000_000;
  const samples: BuildSample[] = [];
  const notices: string[] = [];
  const warnings: string[] = [];
  const sink: BuildSampleSink = {
    sample: (_id, s) => Promise.resolve(void samples.push(s)),
    notice: (_id, n) => Promise.resolve(void notices.push(n)),
  };
  const sampler = new BuildUsageSampler({
    sink,
    buildId: 'b1',
    intervalMs: opts.intervalMs ?? 3000,
    maxSamples: opts.maxSamples ?? 100,
    log: { warn: (_o: unknown, msg?: string) => void warnings.push(String(msg)) } as never,
    now: () => now,
  });
  return {
    sampler,
    samples,
    notices,
    warnings,
    advance: (ms: number) => (now += ms),
  };
}

/** A probe answering the given readings in turn (the last one afterwards). */
const scripted = (...answers: Awaited<ReturnType<BuildUsageProbe>>[]): BuildUsageProbe => {
  let i = 0;
  return () => Promise.resolve(answers[Math.min(i++, answers.length - 1)]!);
};

describe('build usage sampler', () => {
  it('reads the probe when handed, then at most once per interval', async () => {
    const h = harness();
    h.sampler.attach(scripted({ cpuMilli: 120, ramMb: 40 }, { cpuMilli: 900, ramMb: 200 }));
    await h.sampler.tick();
    expect(h.samples).toHaveLength(1);
    h.advance(1000); // too soon: skipped, not stored
    await h.sampler.tick();
    expect(h.samples).toHaveLength(1);
    h.advance(2000);
    await h.sampler.tick();
    expect(h.samples.map((s) => [s.cpuMilli, s.ramMb, s.simulated])).toEqual([
      [120, 40, false],
      [900, 200, false],
    ]);
    expect(h.samples[1]!.at.getTime() - h.samples[0]!.at.getTime()).toBe(3000);
    await h.sampler.stop();
    expect(h.notices).toEqual([]);
  });

  it('keeps nothing between two steps and stops at its bound', async () => {
    const h = harness({ maxSamples: 2 });
    h.sampler.attach(scripted(null, { cpuMilli: 1, ramMb: 1 }));
    await h.sampler.tick();
    expect(h.samples).toHaveLength(0);
    for (let i = 0; i < 5; i++) {
      h.advance(3000);
      await h.sampler.tick();
    }
    expect(h.samples).toHaveLength(2);
  });

  it('stores the runtime notice, and says so when the build ended unmeasured', async () => {
    const h = harness();
    h.sampler.attach(scripted({ notice: buildMetricsNotices.metricsServerMissing }));
    await h.sampler.tick();
    h.advance(3000);
    await h.sampler.tick();
    await h.sampler.stop();
    // Once, and no « no sample » notice over it.
    expect(h.notices).toEqual([buildMetricsNotices.metricsServerMissing]);

    const short = harness();
    short.sampler.attach(scripted(null));
    await short.sampler.stop();
    expect(short.notices).toEqual([buildMetricsNotices.noSample]);
  });

  it('turns a failing probe into a notice and never reads after the end', async () => {
    const h = harness();
    let calls = 0;
    h.sampler.attach(() => {
      calls++;
      return Promise.reject(new Error('socket closed'));
    });
    await h.sampler.tick();
    expect(h.notices).toEqual([buildMetricsNotices.runtimeUnavailable]);
    expect(h.warnings).toEqual(['build usage unavailable']);
    await h.sampler.stop();
    h.advance(3000);
    await h.sampler.tick();
    h.sampler.attach(scripted({ cpuMilli: 5, ramMb: 5 }));
    expect(calls).toBe(1);
    expect(h.samples).toHaveLength(0);
  });

  it('bounds a build to its timeout over the interval', () => {
    expect(samplingOf({ timeoutSeconds: 900 })).toEqual({ intervalMs: 3000, maxSamples: 302 });
    expect(samplingOf({ timeoutSeconds: 60, metricsSampleMs: 1000 }).maxSamples).toBe(62);
  });
});
