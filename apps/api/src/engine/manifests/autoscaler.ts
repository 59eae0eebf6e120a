import type { ApplicationSpec, AutoscalingSpec } from '../spec';
import { objectMeta } from './meta';
import type { HorizontalPodAutoscalerObject } from './types';

type Metric = NonNullable<NonNullable<HorizontalPodAutoscalerObject['spec']>['metrics']>[number];

const utilization = (name: 'cpu' | 'memory', percent: number): Metric => ({
  type: 'Resource',
  resource: { name, target: { type: 'Utilization', averageUtilization: percent } },
});

/**
 * The application's automatic scaling on Kubernetes (issue 28 item 5): an autoscaling/v2
 * HorizontalPodAutoscaler of its Deployment. Utilization is measured against the pods' requests,
 * which equal their limits here (containers.ts), so the target means what the form says: a
 * share of one instance's limit. The namespace's ResourceQuota bounds it: a pod the quota
 * refuses is not admitted (the ReplicaSet reports FailedCreate), whatever the HPA wants.
 * The cool-downs are the HPA's own (scale-down stabilisation of 300 s by default).
 */
export function renderAutoscaler(
  spec: ApplicationSpec,
  scaling: AutoscalingSpec,
): HorizontalPodAutoscalerObject {
  const metrics = [utilization('cpu', scaling.cpuTargetPercent)];
  if (scaling.memoryTargetPercent !== null)
    metrics.push(utilization('memory', scaling.memoryTargetPercent));
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: objectMeta(spec, spec.app.name, 'app'),
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: spec.app.name },
      minReplicas: scaling.minReplicas,
      maxReplicas: scaling.maxReplicas,
      metrics,
    },
  };
}
