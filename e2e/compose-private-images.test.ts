import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { imagePullTexts } from '@nuage/shared/messages/images';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectEngine } from '../bench/lib/docker-engine.mjs';
import { pollUntil } from './helpers/api';
import { serving } from './helpers/code-apps';
import { startPodmanPlatform, type PodmanPlatform } from './helpers/podman-platform';
import { ensureBuildBaseImages, TEST_BUSYBOX_IMAGE } from './support/build-images';
import {
  registryMissing,
  startTestRegistry,
  type TestRegistry,
} from './support/test-registry/test-registry';

/**
 * A Compose stack's private images on Podman (issue 30 item 2): a service whose image is in
 * Debian's docker-registry (htpasswd) is pulled with the project's credentials for that
 * registry (X-Registry-Auth) and serves at its URL through the edge proxy; once the project's
 * newest credential for that registry is a wrong one, a new version of the file is refused
 * with the French reason, although the image is by then on the host.
 */
const detected = await detectEngine();
const skipReason = detected.skipReason ?? registryMissing();
if (skipReason && process.env.CI) {
  throw new Error(`CI must run the private-registry tests, but ${skipReason}`);
}
if (skipReason) console.warn(`[e2e compose private images] skipped: ${skipReason}`);

const prefix = `nde2e-cpi-${randomBytes(3).toString('hex')}`;
const USER = 'acme';
const PASSWORD = 'mot-de-passe-du-registre';

interface ComposeApp {
  id: string;
  statut_deploiement: string;
  status_reason: string | null;
}

const stack = (image: string, message: string) => `
services:
  web:
    image: ${image}
    entrypoint: ["sh", "-c"]
    command:
      - mkdir -p /tmp/www && echo "$MESSAGE" > /tmp/www/index.html && exec busybox httpd -f -p 8080 -h /tmp/www
    environment:
      MESSAGE: ${message}
    deploy:
      resources:
        limits:
          cpus: "0.2"
          memory: 64M
`;

describe.skipIf(skipReason !== null)('a Compose stack’s private images on Podman', () => {
  let platform: PodmanPlatform;
  let registry: TestRegistry;
  let image: string;

  beforeAll(async () => {
    ensureBuildBaseImages();
    registry = await startTestRegistry(USER, PASSWORD);
    image = await registry.push(TEST_BUSYBOX_IMAGE, `${prefix}/pile-privee:1`);
    // The test registry listens on loopback: an operator's private registry, allowed.
    platform = await startPodmanPlatform(detected.engine!, detected.socket!, prefix, {
      IMAGE_ALLOW_PRIVATE_REGISTRIES: 'true',
    });
  }, 600_000);

  afterAll(async () => {
    await platform?.stop();
    await registry?.stop();
    if (image) execFileSync('podman', ['rmi', '--force', image], { stdio: 'ignore' });
  }, 180_000);

  const addCredentials = async (motDePasse: string) => {
    const res = await platform.call<{ id: string }>(
      'POST',
      `/projects/${platform.projectId}/registry-credentials`,
      { registre: registry.host, utilisateur: USER, mot_de_passe: motDePasse },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };

  it('pulls the service’s private image with the project’s credentials; a wrong one is refused in French', async () => {
    await addCredentials(PASSWORD);
    const res = await platform.call<ComposeApp>(
      'POST',
      `/deployments/${platform.envId}/deploy/compose`,
      {
        nom: 'pile-privee',
        fichier_compose: stack(image, 'pile privee servie'),
        service_expose: 'web',
        port: 8080,
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id;
    platform.deployments.push({ id });
    await serving(platform.call, id, 'pile privee servie\n');

    // The newest credential of the registry is the one used: a wrong password now.
    await addCredentials('pas-le-bon');
    const update = await platform.call('PUT', `/deployments/deployment/${id}/compose`, {
      fichier_compose: stack(image, 'seconde version'),
      service_expose: 'web',
      port: 8080,
    });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    const failed = await pollUntil(
      `application ${id} to fail`,
      async () => (await platform.call<ComposeApp>('GET', `/deployments/deployment/${id}`)).body,
      (d) => d.statut_deploiement === 'FAILED',
      { timeoutMs: 180_000, everyMs: 500 },
    );
    expect(failed.status_reason).toBe(imagePullTexts.refusedCredentials(registry.host));
  }, 500_000);
});
