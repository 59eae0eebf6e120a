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
 * Any image from a private registry (issue 30 "What must be shown"), on Podman: Debian's
 * docker-registry with htpasswd authentication holds an image pushed there; the project's
 * credentials pull it (X-Registry-Auth) and it serves at its URL through the edge proxy; a
 * wrong password, and no credentials at all, are refused in French, even though the image is
 * by then on the host.
 */
const detected = await detectEngine();
const skipReason = detected.skipReason ?? registryMissing();
if (skipReason && process.env.CI) {
  throw new Error(`CI must run the private-registry tests, but ${skipReason}`);
}
if (skipReason) console.warn(`[e2e image deploy] skipped: ${skipReason}`);

const prefix = `nde2e-img-${randomBytes(3).toString('hex')}`;
const USER = 'acme';
const PASSWORD = 'mot-de-passe-du-registre';

interface ImageApp {
  id: string;
  statut_deploiement: string;
  status_reason: string | null;
  application_url: string | null;
}

describe.skipIf(skipReason !== null)('any image from a private registry on Podman', () => {
  let platform: PodmanPlatform;
  let registry: TestRegistry;
  let image: string;

  beforeAll(async () => {
    ensureBuildBaseImages();
    registry = await startTestRegistry(USER, PASSWORD);
    image = await registry.push(TEST_BUSYBOX_IMAGE, `${prefix}/site-prive:1`);
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
    return res.body.id;
  };
  const deploy = async (nom: string, credentialId: string | null) => {
    const res = await platform.call<ImageApp>(
      'POST',
      `/deployments/${platform.envId}/deploy/image`,
      {
        nom,
        image,
        port: 8080,
        // The user's command, and a secret variable it reads.
        commande: [
          'sh',
          '-c',
          'mkdir -p /tmp/www && echo "$MESSAGE" > /tmp/www/index.html && exec busybox httpd -f -p 8080 -h /tmp/www',
        ],
        env_vars: [{ name: 'MESSAGE', value: 'image privée servie', secret: true }],
        chemin_sante: '/',
        cpu: 0.2,
        ram: 0.5,
        replicas: 1,
        registry_credential_id: credentialId,
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    platform.deployments.push({ id: res.body.id });
    return res.body.id;
  };
  const failure = (id: string) =>
    pollUntil(
      `application ${id} to fail`,
      async () => (await platform.call<ImageApp>('GET', `/deployments/deployment/${id}`)).body,
      (d) => d.statut_deploiement === 'FAILED',
      { timeoutMs: 120_000, everyMs: 500 },
    );

  it('serves the private image pulled with the right credentials; refuses a wrong password and none in French', async () => {
    const good = await deploy('privee', await addCredentials(PASSWORD));
    await serving(platform.call, good, 'image privée servie\n');

    // The image is on the host now: it still is never run without this project's right to it.
    const wrong = await deploy('mauvais-mot-de-passe', await addCredentials('pas-le-bon'));
    const anonymous = await deploy('sans-identifiants', null);
    expect((await failure(wrong)).status_reason).toBe(
      imagePullTexts.refusedCredentials(registry.host),
    );
    expect((await failure(anonymous)).status_reason).toBe(
      imagePullTexts.authenticationRequired(registry.host),
    );
  }, 400_000);
});
