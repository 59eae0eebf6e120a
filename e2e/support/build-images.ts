import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Base images of real code builds in tests: Debian's nodejs+npm and busybox alone, made by
 * debian-images/build.sh (cached, locked) and given to the platform by BUILD_BASE_IMAGES —
 * never under the official names. GIT_ALLOW_PRIVATE_HOSTS lets it read the loopback Git
 * server (git-server/git-server.ts).
 */
export const TEST_NODE_IMAGE = 'localhost/nuage-test-node:bookworm';
export const TEST_BUSYBOX_IMAGE = 'localhost/nuage-test-busybox:bookworm';

export const TEST_BUILD_ENV = {
  BUILD_BASE_IMAGES: `node=${TEST_NODE_IMAGE},static=${TEST_BUSYBOX_IMAGE}`,
  GIT_ALLOW_PRIVATE_HOSTS: 'true',
};

const buildScript = fileURLToPath(new URL('./debian-images/build.sh', import.meta.url));

/** Makes both images if absent (the first time takes minutes: debootstrap + apt). */
export function ensureBuildBaseImages(): void {
  for (const target of ['node', 'busybox'])
    execFileSync('bash', [path.resolve(buildScript), target], { stdio: 'ignore' });
}

/**
 * The isolated build network of one test run (BUILD_NETWORK) and its egress proxy
 * (`<network>-proxy`), made by the platform at its first build: removed by removeBuildNetwork.
 */
export const buildNetworkEnv = (prefix: string) => ({ BUILD_NETWORK: `${prefix}-builds` });

export async function removeBuildNetwork(
  engine: {
    inspect(name: string): Promise<{ Id: string } | null>;
    removeContainer(id: string): Promise<unknown>;
    removeNetwork(name: string): Promise<unknown>;
  },
  prefix: string,
): Promise<void> {
  const proxy = await engine.inspect(`${prefix}-builds-proxy`);
  if (proxy) await engine.removeContainer(proxy.Id);
  await engine.removeNetwork(`${prefix}-builds`);
}
