import { createHash } from 'node:crypto';
import type { ApplicationSpec } from '../spec';
import { objectMeta } from './meta';
import type { RenderOptions, SecretObject } from './types';

const base64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');

/**
 * `data` (base64) rather than `stringData`: with server-side apply, stringData is merged into
 * data by the API server and its keys are never tracked, so a removed key would linger.
 */
export function renderSecret(spec: ApplicationSpec): SecretObject {
  const data: Record<string, string> = {};
  for (const [key, value] of Object.entries(spec.secretData)) {
    if (value !== undefined) data[key] = base64(value);
  }
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: objectMeta(spec, spec.secretName, 'secrets'),
    type: 'Opaque',
    data,
  };
}

/**
 * The keys the application's own pods read (environment variables and mounted files), with
 * their values: what a release of the application carries.
 */
function releaseData(spec: ApplicationSpec): [string, string][] {
  const keys = new Set([
    ...spec.app.env.flatMap((v) => ('secretKey' in v ? [v.secretKey] : [])),
    ...(spec.app.secretFiles ?? []).map((f) => f.secretKey),
  ]);
  return [...keys].sort().flatMap((key) => {
    const value = spec.secretData[key as keyof typeof spec.secretData];
    return value === undefined ? [] : [[key, value] as [string, string]];
  });
}

/** Name of the release Secret: the base Secret's, suffixed with a hash of what it holds. */
export function releaseSecretName(spec: ApplicationSpec): string {
  const hash = createHash('sha256')
    .update(JSON.stringify(releaseData(spec)))
    .digest('hex');
  return `${spec.secretName}-${hash.slice(0, 10)}`;
}

/**
 * Why the application's pods read their secrets from a Secret of their release rather than
 * from the application's Secret: a release must be reverted as a whole when its rollout fails
 * (drivers/kubernetes/rollout-gate.ts). Reverting means applying the serving pod template
 * back; if that template read the shared Secret, which the failed apply already rewrote, a
 * serving pod restarting afterwards (crash, eviction, node drain) would start with the failed
 * release's environment. Reverting every object the apply touched instead would need a
 * snapshot of each and could itself fail half-way. Here the Secret is immutable and named
 * after its content, and the pod template refers to it: the template alone is the release
 * (new secret values roll the pods, as a new image does; going back to the serving template
 * goes back to the serving values, which are still stored). The driver deletes release
 * Secrets no template refers to once a rollout completed (drivers/kubernetes/release-secrets.ts).
 * The database, the setup Job and the backup Jobs keep reading the application's Secret:
 * they are not gated by the rollout and follow the desired state as before.
 */
export function renderReleaseSecret(spec: ApplicationSpec): SecretObject {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: objectMeta(spec, releaseSecretName(spec), 'release-secrets'),
    type: 'Opaque',
    immutable: true,
    data: Object.fromEntries(releaseData(spec).map(([key, value]) => [key, base64(value)])),
  };
}

export function renderTlsSecret(
  spec: ApplicationSpec,
  tls: { secretName: string; certificatePem: string; privateKeyPem: string },
): SecretObject {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: objectMeta(spec, tls.secretName, 'tls'),
    type: 'kubernetes.io/tls',
    data: { 'tls.crt': base64(tls.certificatePem), 'tls.key': base64(tls.privateKeyPem) },
  };
}

/** Name of a code application's registry credentials Secret. */
export const registrySecretName = (spec: ApplicationSpec) => `${spec.name}-registry`;

/**
 * The registry credentials an application's pods pull with: an image application's own
 * (issue 30), a code application's the platform registry's (REGISTRY_URL); none otherwise.
 */
export function pullCredentialsOf(
  spec: ApplicationSpec,
  options: RenderOptions,
): { server: string; username: string; password: string } | null {
  if (spec.userImage) {
    const c = spec.userImage.credentials;
    return c
      ? { server: dockerConfigServer(c.registry), username: c.username, password: c.password }
      : null;
  }
  return spec.template === 'code' && options.registryPull ? options.registryPull : null;
}

/** Docker Hub's credentials go under its historical key in a dockerconfigjson. */
export const dockerConfigServer = (registry: string) =>
  registry === 'docker.io' ? 'https://index.docker.io/v1/' : registry;

/** The registry credentials a code application's pods pull its release image with. */
export function renderRegistrySecret(
  spec: ApplicationSpec,
  registry: { server: string; username: string; password: string },
): SecretObject {
  return renderRegistryAuthsSecret(spec, [registry]);
}

/**
 * One dockerconfigjson Secret with an entry per registry: a Compose application's services
 * pull from several (manifests/stack.ts), each pod naming it in its imagePullSecrets.
 */
export function renderRegistryAuthsSecret(
  spec: ApplicationSpec,
  registries: { server: string; username: string; password: string }[],
): SecretObject {
  const auths = Object.fromEntries(
    registries.map((r) => [
      r.server,
      { username: r.username, password: r.password, auth: base64(`${r.username}:${r.password}`) },
    ]),
  );
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: objectMeta(spec, registrySecretName(spec), 'secrets'),
    type: 'kubernetes.io/dockerconfigjson',
    data: { '.dockerconfigjson': base64(JSON.stringify({ auths })) },
  };
}
