import { renderDatabasePublic } from './database-public';
import type { ApplicationSpec } from '../spec';
import { renderAutoscaler } from './autoscaler';
import { renderDatabase } from './database';
import { renderDomainIngress, renderPlatformIngress, renderService } from './networking';
import {
  pullCredentialsOf,
  renderRegistrySecret,
  renderReleaseSecret,
  renderSecret,
  renderTlsSecret,
} from './secrets';
import { renderClaim } from './storage';
import { renderStack } from './stack';
import type { KubeObject, RenderOptions } from './types';
import { renderDeployment, renderSetupJob } from './workloads';

/**
 * Every object of one application, in the order they are applied: what a pod needs (Secret,
 * claims, the database it connects to) exists before the pod is created. The list depends only
 * on the spec's shape (database, setup, domain, certificate) and the options (APPS_DOMAIN),
 * never on the text of a value. What is not in it any more is pruned by the driver.
 */
export function renderApplication(
  spec: ApplicationSpec,
  options: RenderOptions = {},
): KubeObject[] {
  if (spec.template === 'database') return renderDatabaseService(spec, options);
  if (spec.stack) return renderStack({ ...spec, stack: spec.stack }, options);
  const objects: KubeObject[] = [
    renderSecret(spec),
    renderReleaseSecret(spec),
    renderClaim(
      spec,
      spec.app.volume,
      'app',
      options.appVolumeAccessMode ?? 'ReadWriteOnce',
      options,
    ),
  ];
  const pull = pullCredentialsOf(spec, options);
  if (pull) objects.push(renderRegistrySecret(spec, pull));
  if (spec.database) objects.push(...renderDatabase(spec, spec.database, options));
  objects.push(renderDeployment(spec, options), renderService(spec));
  // Not while the application awaits its restore (no replica runs then).
  if (spec.autoscaling && spec.replicas > 0) objects.push(renderAutoscaler(spec, spec.autoscaling));
  if (spec.setup) objects.push(renderSetupJob(spec, spec.setup, options));
  if (options.appsDomain) objects.push(renderPlatformIngress(spec, options));
  if (spec.ingress) {
    if (spec.ingress.tls) objects.push(renderTlsSecret(spec, spec.ingress.tls));
    objects.push(renderDomainIngress(spec, spec.ingress, options));
  }
  return objects;
}

/**
 * A database of an environment (issue 25): its Secret, claim, Service and StatefulSet, and the
 * task that sets its user's password. No Deployment, Service of an application, Ingress or
 * route: it is reached only inside its namespace (the tenant NetworkPolicies keep the other
 * namespaces out), by its Service's name.
 */
function renderDatabaseService(spec: ApplicationSpec, options: RenderOptions): KubeObject[] {
  if (!spec.database) throw new Error(`database ${spec.name} has no database component`);
  return [
    renderSecret(spec),
    ...renderDatabase(spec, spec.database, options),
    ...renderDatabasePublic(spec, spec.database),
    ...(spec.setup ? [renderSetupJob(spec, spec.setup, options)] : []),
  ];
}
