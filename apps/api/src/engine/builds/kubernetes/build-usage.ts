import { buildMetricsNotices } from '@nuage/shared/messages/build-metrics';
import type { KubeClient } from '../../drivers/kubernetes/kube-client';
import { podMetrics } from '../../drivers/kubernetes/pod-reads';
import type { BuildUsageProbe } from '../builder';

/**
 * What a Kaniko build's pod uses, from the metrics API (metrics.k8s.io), as the applications'
 * graphs read theirs: the notice when metrics-server is missing, null while the pod has no
 * metrics yet (metrics-server reads the kubelets every 15 s or so, a pod appears after one).
 */
export function kanikoUsageProbe(
  client: KubeClient,
  namespace: string,
  jobName: string,
): BuildUsageProbe {
  return async () => {
    const metrics = await podMetrics(client, namespace, `nuagedeploy.io/build=${jobName}`);
    if (!metrics) return { notice: buildMetricsNotices.metricsServerMissing };
    if ((metrics.pods ?? []).length === 0) return null;
    return { cpuMilli: metrics.cpuMilli, ramMb: metrics.ramMb };
  };
}
