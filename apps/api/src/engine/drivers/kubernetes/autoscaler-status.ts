import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { AutoscalerStatus } from '../../driver';
import { quotaShortfalls } from './refusal-text';
import type { KubeClient } from './kube-client';

/**
 * An application's HorizontalPodAutoscaler as the control plane reports it (issue 28 item 5):
 * its current and desired replicas (status), and whether the namespace's ResourceQuota refuses
 * the pods it asked for. The HPA itself never says so: it scales the Deployment (AbleToScale
 * stays True), and the ReplicaSet's pod creations are refused (its FailedCreate events, « pods
 * … is forbidden: exceeded quota: … »), which the Deployment controller copies into the
 * Deployment's ReplicaFailure condition with the same message: read from the watched
 * Deployment, no right to read events needed.
 */

interface HpaList {
  items?: {
    metadata?: { name?: string };
    spec?: { scaleTargetRef?: { name?: string } };
    status?: { currentReplicas?: number; desiredReplicas?: number };
  }[];
}

export async function autoscalerStatus(
  client: KubeClient,
  namespace: string,
  selector: string,
  deployment: IDeployment | undefined,
): Promise<AutoscalerStatus | null> {
  const list = await client.json<HpaList>(
    'GET',
    `/apis/autoscaling/v2/namespaces/${encodeURIComponent(namespace)}/horizontalpodautoscalers`,
    { query: { labelSelector: selector } },
  );
  const hpa = (list.items ?? []).find(
    (h) => !deployment || h.spec?.scaleTargetRef?.name === deployment.metadata?.name,
  );
  if (!hpa) return null;
  const current = hpa.status?.currentReplicas ?? deployment?.status?.replicas ?? 0;
  const desired = hpa.status?.desiredReplicas ?? current;
  const failure = deployment?.status?.conditions?.find(
    (c) => c.type === 'ReplicaFailure' && c.status === 'True',
  );
  const shortfalls = failure?.message ? quotaShortfalls(failure.message) : null;
  const short = (deployment?.status?.replicas ?? current) < (deployment?.spec?.replicas ?? 0);
  return {
    currentReplicas: current,
    desiredReplicas: desired,
    quotaShortfalls: shortfalls && shortfalls.length > 0 && short ? shortfalls : null,
  };
}
