import { clusterMessages } from '@nuage/shared/cluster-messages';
import type { KubeClient } from '../../drivers/kubernetes/kube-client';
import { podDemand, readQuota } from '../../drivers/kubernetes/pod-quota';
import { BuildFailedError, type BuildRequest } from '../builder';

/**
 * A Kaniko build runs in the application's namespace, under its ResourceQuota: a build pod the
 * quota cannot hold is refused by the API server again and again while the Job waits, and the
 * build ended as a "timeout" (issue 23, defect 4: BUILD_CPU=2 in a namespace of ~1.6 CPU).
 * Checked before the Job is created (and again while it has no pod): the build fails at once,
 * in French, naming the resource, what is free, and the setting to change.
 */
export async function assertBuildFits(
  client: KubeClient,
  request: BuildRequest,
  podSpec: Parameters<typeof podDemand>[0],
): Promise<void> {
  const need = podDemand(podSpec);
  const { hard, used } = await readQuota(client, request.namespace);
  const free = {
    cpuMilli: Math.max(0, hard.cpuMilli - used.cpuMilli),
    ramMb: Math.max(0, hard.ramMb - used.ramMb),
  };
  const cpuShort = need.cpuMilli > free.cpuMilli;
  const ramShort = need.ramMb > free.ramMb;
  if (!cpuShort && !ramShort) return;
  throw new BuildFailedError(
    clusterMessages.buildNoRoom({
      need,
      free,
      limit: hard,
      settings: { cpuMilli: request.limits.cpuMilli, ramMib: request.limits.ramMb },
      cpuShort,
      ramShort,
    }),
  );
}
