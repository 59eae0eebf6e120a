import { registryOf } from '@nuage/shared/image-reference';
import type { Config } from '../../config';
import { imageDeployTexts } from '@nuage/shared/messages/images';
import { normalizeAddress, isInternalAddress } from '../../lib/network/address-policy';

/** Names that only mean something inside the host, the cluster or the operator's network. */
const INTERNAL_NAME = /(^|\.)(localhost|local|internal|svc|cluster\.local|home\.arpa)$/;

export interface RegistryPolicy {
  /** REGISTRY_URL: where the platform pushes the images it builds (host[:port][/path]). */
  buildRegistry?: string | undefined;
  /** IMAGE_ALLOW_PRIVATE_REGISTRIES: registries on private or loopback addresses allowed. */
  allowPrivate: boolean;
}

/** The registries a tenant's images may come from, as the operator configured them. */
export const registryPolicyOf = (config: Pick<Config, 'builds' | 'images'>): RegistryPolicy => ({
  buildRegistry: config.builds?.registry?.url,
  allowPrivate: config.images?.allowPrivateRegistries ?? false,
});

/**
 * Why a tenant's image may not come from this registry, or null. The engine (docker) or the
 * kubelet pulls it with the host's network and reach, not the tenant's:
 * - the platform's own build registry holds every project's built code (and what their builds
 *   baked in): a project names its own releases through builds and rollbacks, never another's
 *   image by its address;
 * - a registry on a loopback, private or link-local address, or under an internal name, is the
 *   operator's (or the cloud's metadata service): refused unless the operator allows private
 *   registries. A public name that resolves to a private address is not caught here (the pull
 *   resolves it later); internal registries should require credentials.
 */
export function registryRefusal(repository: string, policy: RegistryPolicy): string | null {
  const registry = registryOf(repository);
  const host = hostOf(registry);
  const buildHost = policy.buildRegistry ? registryHost(policy.buildRegistry) : null;
  if (buildHost && registry === buildHost) return imageDeployTexts.platformRegistry;
  // Without REGISTRY_URL the images the platform builds stay in the host's store under
  // `nuage-builds/…` (builds/queue.ts): a name there is another application's build.
  if (!buildHost && registry === 'docker.io' && /^(docker\.io\/)?nuage-builds\//.test(repository))
    return imageDeployTexts.platformRegistry;
  if (policy.allowPrivate) return null;
  const address = normalizeAddress(host);
  if (address ? isInternalAddress(address) : INTERNAL_NAME.test(host))
    return imageDeployTexts.privateRegistry(registry);
  return null;
}

/** `registry.example.com:5000/nuage` → `registry.example.com:5000`. */
const registryHost = (url: string) =>
  url
    .replace(/^[a-z]+:\/\//, '')
    .split('/')[0]!
    .toLowerCase();

/** `127.0.0.1:5000` → `127.0.0.1`, `[::1]:5000` → `::1`. */
function hostOf(registry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(registry);
  if (bracketed) return bracketed[1]!;
  return registry.replace(/:\d+$/, '');
}
