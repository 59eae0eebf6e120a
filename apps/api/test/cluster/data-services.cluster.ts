import { databaseEngineIds, databaseEngines } from '@nuage/shared/database-engines';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { parseCompose, stackReservation } from '../../src/engine/compose/parse-compose';
import type { ProjectQuotaSpec } from '../../src/engine/driver';
import { KubeClient } from '../../src/engine/drivers/kubernetes/kube-client';
import { isNotFound } from '../../src/engine/drivers/kubernetes/kube-errors';
import { loadKubeConfig } from '../../src/engine/drivers/kubernetes/kubeconfig';
import { KubernetesDriver } from '../../src/engine/drivers/kubernetes/kubernetes-driver';
import type { ApplicationSpec, EnvironmentSpec } from '../../src/engine/spec';
import { buildComposeApplicationSpec } from '../../src/engine/templates/compose-spec';
import { buildDatabaseServiceSpec } from '../../src/engine/templates/database-service-spec';
import { refOf } from '../kubernetes/fake-cluster';
import { clusterTarget } from './cluster-target';
import { listNames, namespacesGone, until, WAIT_MS } from './cluster-waits';

/**
 * `npm run test:cluster`, second part: what a customer runs beside their applications, on the
 * cluster KUBECONFIG names (or the strict fake with NUAGE_CLUSTER_FAKE=1). In one environment
 * of its own: a database of each engine (issue 25: StatefulSet, claim, Service named after its
 * host; PostgreSQL's and MariaDB's setup Job creates the user through that Service, so its
 * success says the server accepts the generated password) and a two-service Compose
 * application (issue 30: its exposed service a Deployment, PostgreSQL on a named volume a
 * StatefulSet, `depends_on: service_healthy` honoured), each running and then removed with
 * nothing left; then the environment deleted. Images are the official ones (pulled by the
 * cluster). Everything is in the namespace `nd-svc-<random>`.
 */

const target = await clusterTarget();
const PROJECT = { cpuMilli: 4000, ramMb: 8000, storageMb: 50_000 };
type Size = { cpuMilli: number; ramMb: number; storageMb: number };

/** The web service listens on 80 as the official nginx image does; PostgreSQL keeps its data. */
const COMPOSE_FILE = `
services:
  web:
    image: docker.io/library/nginx:1.27-alpine
    depends_on:
      db:
        condition: service_healthy
    deploy:
      resources:
        limits:
          cpus: "0.25"
          memory: 128M
  db:
    image: docker.io/library/postgres:16
    environment:
      POSTGRES_PASSWORD: "${randomBytes(12).toString('hex')}"
    volumes:
      - pgdata:/var/lib/postgresql/data
    healthcheck:
      test: ["CMD-SHELL", "pg_isready -U postgres"]
      interval: 5s
      retries: 20
    deploy:
      resources:
        limits:
          cpus: "0.5"
          memory: 512M
volumes:
  pgdata:
    x-taille: 1G
`;

if (target.kind === 'skip') {
  console.warn(`test:cluster skipped: ${target.reason}`);
  it.skip(`skipped: ${target.reason}`, () => {});
} else {
  const run = randomBytes(3).toString('hex');
  const projectId = randomUUID();
  const environmentId = randomUUID();
  const env: EnvironmentSpec = {
    environmentId,
    projectId,
    namespace: `nd-svc-${run}`,
    labels: {
      'nuagedeploy.io/environment-id': environmentId,
      'nuagedeploy.io/project-id': projectId,
    },
    quota: PROJECT,
  };
  const live = new Map<string, Size>();
  let driver: KubernetesDriver;
  let client: KubeClient;

  const config = loadConfig({
    ...process.env,
    APPS_DOMAIN:
      process.env.APPS_DOMAIN ??
      (process.env.NUAGE_CLUSTER_FAKE === '1' ? 'apps.nuage.test' : undefined),
  });

  const quotaSpec = (): ProjectQuotaSpec => {
    const sizes = [...live.values()];
    return {
      projectId,
      quota: PROJECT,
      environments: [
        {
          environment: env,
          reserved: {
            cpuMilli: sizes.reduce((sum, s) => sum + s.cpuMilli, 0),
            ramMb: sizes.reduce((sum, s) => sum + s.ramMb, 0),
            storageMb: sizes.reduce((sum, s) => sum + s.storageMb, 0),
          },
        },
      ],
    };
  };

  /** The engine's order: the quota holds the new reservation before the apply. */
  async function deploy(spec: ApplicationSpec, size: Size) {
    live.set(spec.deploymentId, size);
    await driver.distributeQuota(quotaSpec());
    await driver.apply(spec);
  }

  const running = (spec: ApplicationSpec, what: string) =>
    until(`${what} running`, async () => {
      const observed = await driver.status(refOf(spec));
      if (observed.phase === 'failed') throw new Error(observed.reason ?? 'failed');
      return observed.phase === 'running' ? observed : undefined;
    });

  const ready = (kind: 'deployments' | 'statefulsets', name: string) =>
    until(`${kind}/${name} ready`, async () => {
      const o = await client.json<{ status?: { readyReplicas?: number } }>(
        'GET',
        `/apis/apps/v1/namespaces/${env.namespace}/${kind}/${name}`,
      );
      return (o.status?.readyReplicas ?? 0) >= 1 ? true : undefined;
    });

  /** Removed, with no workload, Service, claim or Job of it left in the namespace. */
  async function removeAndCheck(spec: ApplicationSpec, what: string) {
    await driver.remove(refOf(spec));
    live.delete(spec.deploymentId);
    await driver.distributeQuota(quotaSpec());
    const selector = `nuagedeploy.io/deployment-id=${spec.deploymentId}`;
    const ns = env.namespace;
    await until(`every object of ${what} gone`, async () => {
      const left = [
        ...(await listNames(client, `/apis/apps/v1/namespaces/${ns}/deployments`, selector)),
        ...(await listNames(client, `/apis/apps/v1/namespaces/${ns}/statefulsets`, selector)),
        ...(await listNames(client, `/api/v1/namespaces/${ns}/services`, selector)),
        ...(await listNames(client, `/api/v1/namespaces/${ns}/persistentvolumeclaims`, selector)),
        ...(await listNames(client, `/apis/batch/v1/namespaces/${ns}/jobs`, selector)),
      ];
      return left.length === 0 ? true : undefined;
    });
    expect((await driver.status(refOf(spec))).phase).toBe('absent');
  }

  describe(`databases and Compose applications on ${target.label}`, () => {
    beforeAll(async () => {
      const connection = loadKubeConfig(target.connection);
      client = new KubeClient(connection, 30_000);
      driver = new KubernetesDriver({
        connection,
        render: config.kubernetes,
        timeoutMs: 30_000,
        resyncMs: 0,
        rollout: { waitMs: WAIT_MS },
      });
      await driver.ensureEnvironment(env);
      await driver.distributeQuota(quotaSpec());
    });

    afterAll(async () => {
      // Whatever a failed step left behind goes with its namespace.
      await driver?.removeEnvironment(env).catch(() => undefined);
      await driver?.close();
      client?.close();
      await target.close();
    });

    it.each([...databaseEngineIds])(
      'runs a %s database reached through its Service, then removes it',
      async (engine) => {
        const version = config.databaseVersions?.[engine][0];
        expect(version, `DATABASE_VERSIONS offers no ${engine}`).toBeDefined();
        const id = randomUUID();
        const host = `base-${engine}`;
        const size = { cpuMilli: 500, ramMb: 1000, storageMb: 2000 };
        const spec = buildDatabaseServiceSpec({
          deployment: {
            id,
            projectId,
            environmentId,
            runtimeName: `db-${id.replaceAll('-', '').slice(0, 12)}`,
            hostLabel: `db-${id.replaceAll('-', '')}`,
            generation: 1,
            ...size,
          },
          engine,
          image: `${databaseEngines[engine].repository}:${version}`,
          host,
          namespace: env.namespace,
          secrets: {
            adminPassword: randomBytes(12).toString('hex'),
            dbPassword: randomBytes(16).toString('hex'),
            dbRootPassword: randomBytes(16).toString('hex'),
          },
          passwordRevision: 0,
          restartRevision: 0,
          stopped: false,
        });
        await deploy(spec, size);
        await running(spec, engine);
        await ready('statefulsets', spec.database!.name);
        const service = await client.json<{ spec: { ports: { port: number }[] } }>(
          'GET',
          `/api/v1/namespaces/${env.namespace}/services/${host}`,
        );
        expect(service.spec.ports.map((p) => p.port)).toContain(databaseEngines[engine].port);
        if (spec.setup) {
          // The setup Job connects through the Service with the generated passwords.
          await until(`${engine}'s setup Job succeeded`, async () => {
            const job = await client.json<{ status?: { succeeded?: number; failed?: number } }>(
              'GET',
              `/apis/batch/v1/namespaces/${env.namespace}/jobs/${spec.setup!.name}`,
            );
            return (job.status?.succeeded ?? 0) >= 1 ? true : undefined;
          });
        }
        await removeAndCheck(spec, engine);
      },
    );

    it('runs a two-service Compose application, web waiting for a healthy PostgreSQL, then removes it', async () => {
      const parsed = parseCompose(COMPOSE_FILE);
      if (!parsed.ok) throw new Error(parsed.problems.join(' ; '));
      const size = stackReservation(parsed.stack);
      const id = randomUUID();
      const name = `compose-pile-${id.slice(0, 6)}`;
      const spec = buildComposeApplicationSpec({
        deployment: {
          id,
          projectId,
          environmentId,
          nom: `pile ${run}`,
          runtimeName: name,
          hostLabel: `pile-${run}`,
          image: 'docker.io/library/nginx:1.27-alpine',
          port: 80,
          ...size,
          replicas: 1,
          domain: null,
          generation: 1,
        },
        namespace: env.namespace,
        certificate: null,
        file: COMPOSE_FILE,
        exposedService: 'web',
      });
      await deploy(spec, size);
      const observed = await running(spec, 'the Compose application');
      expect(observed.url).toBe(`http://${spec.hostLabel}.${config.kubernetes.appsDomain}`);
      await ready('deployments', name);
      await ready('statefulsets', `${name}-db`);
      // Each service is reached by its Compose name inside the namespace.
      for (const service of ['web', 'db']) {
        await client
          .json('GET', `/api/v1/namespaces/${env.namespace}/services/${service}`)
          .catch((error: unknown) => {
            throw isNotFound(error) ? new Error(`no Service ${service}`) : error;
          });
      }
      await removeAndCheck(spec, 'the Compose application');
    });

    it('deletes the environment', async () => {
      await driver.removeEnvironment(env);
      await namespacesGone(client, [env.namespace]);
    });
  });
}
