import {
  applicationTemplateOf,
  saasTemplateIds,
  saasTemplates,
  type SaasTemplateId,
} from '@nuage/shared/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBody } from '../drivers/docker/container-create-body';
import {
  applicationPlan,
  databasePlan,
  setupPlan,
  type ContainerPlan,
} from '../drivers/docker/container-spec';
import { ENV_SECRET_DIR } from '../drivers/docker/secret-loader';
import type { KubernetesDriver } from '../drivers/kubernetes/kubernetes-driver';
import { renderApplication } from '../manifests/application';
import { validateObject } from '../manifests/validate';
import type { FakeKubeApi } from '../../../test/kubernetes/fake-kube-api';
import { startFakeCluster } from '../../../test/kubernetes/fake-cluster';
import { fakeImageRuns } from '../../../test/engine/docker/fake-image-runs';
import { TEST_HASH_KEY } from '../../../test/engine/docker/test-support';
import { DOCUMENTED_FIRST, type Documented } from '../../../test/engine/templates/documented-first';
import { DOCUMENTED_MORE } from '../../../test/engine/templates/documented-more';
import {
  makeEnvironment,
  makeSpec,
  PLAIN_PASSWORD,
} from '../../../test/engine/manifests/test-fixtures';

/**
 * The applications added to the catalogue as data (issue 30 item 3), each with the variables its
 * official image documents (documented-*.ts). No real image is pulled here: the Kubernetes
 * objects go through the strict fake API server, the docker containers are inspected as created.
 */
const DOCUMENTED: Documented = { ...DOCUMENTED_FIRST, ...DOCUMENTED_MORE };
const ADDED = Object.keys(DOCUMENTED) as SaasTemplateId[];

/** NAME → value as the process sees it (template-variables.test.ts): files read back. */
const envOf = (plan: ContainerPlan | null) => ({
  ...Object.fromEntries(
    (plan?.env ?? []).map((e) => {
      const name = e.slice(0, e.indexOf('='));
      const value = e.slice(e.indexOf('=') + 1);
      const file = plan!.secretFiles.find((f) => f.path === value && name.endsWith('_FILE'));
      return file ? [name.slice(0, -'_FILE'.length), file.content] : [name, value];
    }),
  ),
  ...Object.fromEntries(
    (plan?.secretFiles ?? [])
      .filter((f) => f.path.startsWith(`${ENV_SECRET_DIR}/`))
      .map((f) => [f.path.slice(ENV_SECRET_DIR.length + 1), f.content]),
  ),
});

const specOf = (id: SaasTemplateId) =>
  makeSpec({
    template: id,
    adminEmail: 'gerant@boutique.sn',
    domain: 'boutique.exemple.sn',
    variant: {
      label: 'tls',
      cpuMilli: 1000,
      ramMb: 2000,
      storageMb: 10_000,
      replicas: 1,
      domain: 'boutique.exemple.sn',
      tls: true,
    },
  });

describe('the applications added as data', () => {
  it('are all but the six original ones, 26 applications at least, each with its official image and tag', () => {
    expect(saasTemplateIds.length).toBeGreaterThanOrEqual(26);
    const original = ['odoo', 'wordpress', 'joomla', 'drupal', 'nextcloud', 'matomo'];
    expect([...ADDED].sort()).toEqual(
      saasTemplateIds.filter((id) => !original.includes(id)).sort(),
    );
    for (const id of ADDED) {
      expect(saasTemplates[id].image).toMatch(/^(docker\.io|quay\.io|ghcr\.io)\/[a-z0-9-]+\//);
      expect(saasTemplates[id].tag).not.toBe('latest');
    }
  });

  it.each(ADDED)(
    '%s: docker containers carry the variables its image documents, secrets as files',
    (id) => {
      const spec = specOf(id);
      const runs = fakeImageRuns(spec);
      const app = applicationPlan(spec, TEST_HASH_KEY, runs);
      const db = databasePlan(spec, TEST_HASH_KEY, runs);
      const setup = setupPlan(spec, TEST_HASH_KEY, runs);
      const env = envOf(app);
      for (const [name, expected] of Object.entries(DOCUMENTED[id]!)) {
        if (typeof expected === 'string') expect(env[name], name).toBe(expected);
        else expect(env[name], name).toMatch(expected);
      }
      const body = createBody(app) as {
        Image: string;
        Env: string[];
        HostConfig: { Mounts: { Target: string }[]; CapAdd?: string[] };
      };
      const file = applicationTemplateOf[id];
      expect(body.Image).toBe(`${file.image}:${file.tag}`);
      expect(body.HostConfig.Mounts.map((m) => m.Target)).toContain(file.volume.mountPath);
      // No password in what `docker inspect` shows.
      for (const plan of [app, db, setup]) {
        const shown = JSON.stringify(plan ? createBody(plan) : null);
        for (const value of Object.values(spec.secretData)) expect(shown).not.toContain(value);
      }
      expect(db?.template.image).toBe(
        file.database.engine === 'mariadb'
          ? 'docker.io/library/mariadb:10.11'
          : 'docker.io/library/postgres:15-alpine',
      );
      // A platform-managed password is set again by the setup task at each regeneration.
      expect(setup !== null).toBe(file.adminAccess.managedPassword);
      if (setup) expect(Object.values(envOf(setup))).toContain(PLAIN_PASSWORD);
    },
  );

  it('runs Listmonk with its schema installed first (its documented command)', () => {
    const spec = specOf('listmonk' as SaasTemplateId);
    const body = createBody(applicationPlan(spec, TEST_HASH_KEY, fakeImageRuns(spec)));
    expect(JSON.stringify(body)).toContain('./listmonk --install --idempotent --yes');
  });

  it('gives a Laravel application the APP_KEY it decodes: base64: and 32 bytes', () => {
    const spec = makeSpec({ template: 'snipe-it' as SaasTemplateId });
    const key = spec.secretData['app-key' as keyof typeof spec.secretData]!;
    expect(key.startsWith('base64:')).toBe(true);
    expect(Buffer.from(key.slice('base64:'.length), 'base64')).toHaveLength(32);
    // Stable for the application's life: derived from its database root password.
    expect(makeSpec({ template: 'snipe-it' as SaasTemplateId }).secretData).toMatchObject({
      'app-key': key,
    });
  });

  it('percent-encodes a password inside a connection URL', () => {
    const spec = makeSpec({
      template: 'vaultwarden' as SaasTemplateId,
      password: 'a@b/c:d?e#f',
    });
    expect(spec.secretData['app-database-url' as keyof typeof spec.secretData]).toContain(
      `:${encodeURIComponent('a@b/c:d?e#f-db')}@`,
    );
  });
});

describe('the applications added as data, on the strict fake Kubernetes API server', () => {
  let api: FakeKubeApi;
  let driver: KubernetesDriver;
  beforeAll(async () => ({ api, driver } = await startFakeCluster({ rollout: { pollMs: 10 } })));
  afterAll(async () => {
    await driver.close();
    await api.close();
  });

  it.each(ADDED)('%s: every object is valid and accepted (fieldValidation=Strict)', async (id) => {
    const spec = makeSpec({
      template: id,
      domain: `${id}.exemple.sn`,
      deploymentId: `00000000-8888-4777-8666-${id.padEnd(12, '0').slice(0, 12)}`,
    });
    for (const object of renderApplication(spec))
      expect(() => validateObject(object)).not.toThrow();
    await driver.ensureEnvironment(makeEnvironment());
    await expect(driver.apply(spec)).resolves.toEqual({ preparations: [] });
    const deployment = [...api.objects.values()].find(
      (o) => o.kind === 'Deployment' && (o.metadata as { name: string }).name === spec.name,
    ) as { spec: { template: { spec: { containers: { image: string }[] } } } } | undefined;
    expect(deployment?.spec.template.spec.containers[0]?.image).toBe(
      `${saasTemplates[id].image}:${saasTemplates[id].tag}`,
    );
  });
});
