import { parseTemplate } from './container-spec';
import type { ContainerInspect } from './engine-api';
import { componentOf, labelsOf, replicaIndexOf } from './objects';
import { probeContainer } from './probes';

/** A container with its readiness: what observe.ts reports and the edge router routes to. */
export interface Health {
  container: ContainerInspect;
  ready: boolean;
}

export async function healthOf(c: ContainerInspect): Promise<Health> {
  const template = parseTemplate(labelsOf(c));
  return { container: c, ready: template ? await probeContainer(c, template) : false };
}

export function sortReplicas(cs: ContainerInspect[]): ContainerInspect[] {
  return cs
    .filter((c) => componentOf(c) === 'application')
    .sort((a, b) => replicaIndexOf(a) - replicaIndexOf(b));
}
