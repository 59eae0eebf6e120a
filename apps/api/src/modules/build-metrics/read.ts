import type { BuildMetrics } from '@nuage/shared/schemas/responses/build-metrics';
import type { AppContext } from '../../app-context';
import { authorizeBuild } from '../builds/application-builds';
import { samplingOf } from './sampler';
import { readBuildSamples } from './store';

/** GET /builds/{buildId}/metrics: the samples of a build the caller may see (404 otherwise). */
export async function buildMetrics(
  ctx: AppContext,
  input: { buildId: string; userId: string },
): Promise<BuildMetrics> {
  const build = await authorizeBuild(ctx, { ...input, need: 'user' });
  const samples = await readBuildSamples(ctx.db, build.id);
  const settings = ctx.config.buildQueue;
  return {
    build_id: build.id,
    status: build.status,
    interval_seconds: samplingOf(settings).intervalMs / 1000,
    // What the samples say; without any, the runtime the build ran on.
    simulated:
      samples.length > 0 ? samples.some((s) => s.simulated) : build.runtime === 'simulation',
    notice: build.metricsNotice,
    peak: { cpu_milli: build.peakCpuMilli, ram_mb: build.peakRamMb },
    limits: { cpu_milli: settings.cpuMilli, ram_mb: settings.ramMb },
    series: {
      at: samples.map((s) => s.at),
      cpu_milli: samples.map((s) => s.cpuMilli),
      ram_mb: samples.map((s) => s.ramMb),
    },
  };
}
