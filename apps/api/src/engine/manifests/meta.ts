import { DNS_LABEL } from '../../lib/naming';
import { LABELS, MANAGED_BY, type ApplicationSpec } from '../spec';
import type { ObjectMeta } from './types';
import { manifestErrorTexts } from '@nuage/shared/messages/manifests';

/**
 * The spec is built by the platform from validated input, so these checks should never fire:
 * they are the last guard that nothing user-typed becomes an object name, a label or a host
 * (which would also end up in API paths). Messages are French: they become the failure reason.
 */
export class ManifestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ManifestError';
  }
}

const LABEL_VALUE = /^(?:[A-Za-z0-9](?:[-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?$/;
const LABEL_PREFIX =
  /^(?=.{1,253}$)[a-z0-9](?:[-a-z0-9]*[a-z0-9])?(?:\.[a-z0-9](?:[-a-z0-9]*[a-z0-9])?)*$/;
/** A host name of at least two labels, as the Ingress API accepts it (no wildcard). */
const HOST =
  /^(?=.{1,253}$)[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)+$/;

export function isDnsLabel(name: string): boolean {
  return name.length <= 63 && DNS_LABEL.test(name);
}

export function dnsLabel(name: string): string {
  if (!isDnsLabel(name))
    throw new ManifestError(manifestErrorTexts.invalidName(JSON.stringify(name)));
  return name;
}

export function isLabelKey(key: string): boolean {
  const slash = key.lastIndexOf('/');
  const prefix = slash < 0 ? null : key.slice(0, slash);
  const name = key.slice(slash + 1);
  return name !== '' && LABEL_VALUE.test(name) && (prefix === null || LABEL_PREFIX.test(prefix));
}

export function isLabelValue(value: string): boolean {
  return LABEL_VALUE.test(value);
}

export function checkedLabels(labels: Record<string, string>): Record<string, string> {
  for (const [key, value] of Object.entries(labels)) {
    if (!isLabelKey(key) || !isLabelValue(value)) {
      throw new ManifestError(manifestErrorTexts.invalidLabel(JSON.stringify(`${key}=${value}`)));
    }
  }
  return { ...labels };
}

export function hostName(host: string): string {
  if (!HOST.test(host))
    throw new ManifestError(manifestErrorTexts.invalidHost(JSON.stringify(host)));
  return host;
}

/** Integer quantities only: "1.5m" or "NaNM" would be refused by the API. */
export function cpu(milli: number): string {
  if (!Number.isInteger(milli) || milli < 0)
    throw new ManifestError(manifestErrorTexts.invalidCpu(milli));
  return `${milli}m`;
}

export function memory(mb: number): string {
  if (!Number.isInteger(mb) || mb < 0)
    throw new ManifestError(manifestErrorTexts.invalidMemory(mb));
  return `${mb}M`;
}

export type Component =
  | 'app'
  | 'database'
  | 'setup'
  | 'secrets'
  | 'release-secrets'
  | 'tls'
  | 'backup'
  | 'task'
  /** A Compose service other than the exposed one (stack.ts). */
  | 'service'
  /** A database's public Service and NetworkPolicy (database-public.ts). */
  | 'public';

/**
 * Selectors are immutable on Deployments and StatefulSets: they hold only what never changes
 * for an application (its base name and the component), never a generation or an image.
 */
export function selectorLabels(
  spec: ApplicationSpec,
  component: Component,
): Record<string, string> {
  return { [LABELS.instance]: dnsLabel(spec.name), [LABELS.component]: component };
}

/** The driver finds (and deletes) an application's objects by managed-by + deployment id: always set. */
export function componentLabels(
  spec: ApplicationSpec,
  component: Component,
): Record<string, string> {
  return checkedLabels({
    ...spec.labels,
    [LABELS.managedBy]: MANAGED_BY,
    [LABELS.deploymentId]: spec.deploymentId,
    ...selectorLabels(spec, component),
  });
}

export function objectMeta(spec: ApplicationSpec, name: string, component: Component): ObjectMeta {
  return {
    name: dnsLabel(name),
    namespace: dnsLabel(spec.namespace),
    labels: componentLabels(spec, component),
    annotations: { 'nuagedeploy.io/generation': String(spec.generation) },
  };
}
