import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deployApp,
  deploymentRow,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { createEngineTestApp } from '../../../test/helpers/engine-test-app';
import { call } from '../../../test/helpers/factories';
import { API, type Team } from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';
import { startFakeCluster } from '../../../test/kubernetes/fake-cluster';
import { type FakeKubeApi, statusBody } from '../../../test/kubernetes/fake-kube-api';
import type { KubernetesDriver } from '../../engine/drivers/kubernetes/kubernetes-driver';
import { PLATFORM_VERSION } from '../../lib/platform-version';

/**
 * « Journaux » on Kubernetes when one node's kubelet does not answer: the API server answers
 * that pod's log read with a 500 naming the kubelet's address; the other pods' logs still read,
 * so the page shows them with a French line for the pod that cannot, never « Le runtime
 * d'exécution ne répond pas » (503) for the whole application.
 */
let api: FakeKubeApi;
let driver: KubernetesDriver;
let t: TestApp;
let team: Team;
let appId: string;
let namespace: string;
let name: string;

const seedAppPod = (pod: string, nodeName: string) =>
  api.put(`/api/v1/namespaces/${namespace}/pods/${pod}`, {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: pod,
      namespace,
      labels: {
        'app.kubernetes.io/managed-by': 'nuagedeploy',
        'nuagedeploy.io/deployment-id': appId,
        'app.kubernetes.io/component': 'app',
      },
    },
    spec: { nodeName, containers: [{ name, image: 'docker.io/library/wordpress:6.4-apache' }] },
    status: { phase: 'Running' },
  });

const logs = () =>
  call(t, 'GET', `${API}/deployments/deployment/${appId}/logs`, { token: team.developer.token });

beforeAll(async () => {
  ({ api, driver } = await startFakeCluster());
  t = await createEngineTestApp(driver);
  const created = await teamWithEnvironment(t);
  team = created.team;
  appId = (await deployApp(t, team.developer.token, created.env.id)).id;
  await t.app.engine.reconciler.runUntilIdle();
  const row = (await deploymentRow(t, appId))!;
  name = row.runtimeName;
  namespace = created.env.namespace_k8s_id;
  seedAppPod(`${name}-7d9f-a`, 'noeud-1');
  seedAppPod(`${name}-7d9f-b`, 'noeud-2');
  api.logs.set(`${namespace}/${name}-7d9f-a/${name}`, 'GET / 200\nGET /wp-admin 302\n');
  api.logs.set(`${namespace}/${name}-7d9f-b/${name}`, 'jamais lu\n');
}, 60_000);
afterAll(async () => {
  await t.close();
  await driver.close();
  await api.close();
});

describe('logs of an application one of whose nodes is down', () => {
  it('answers 200 with the other pods’ lines and says, in French, which pod cannot be read', async () => {
    api.intercept = (req) =>
      req.path.endsWith(`/pods/${name}-7d9f-b/log`)
        ? {
            status: 500,
            body: statusBody(
              500,
              'InternalError',
              `Get "https://10.0.0.12:10250/containerLogs/${namespace}/${name}-7d9f-b/${name}?tailLines=500": dial tcp 10.0.0.12:10250: connect: connection refused`,
            ),
          }
        : undefined;
    const res = await logs();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ logs: string }>().logs.split('\n')).toEqual([
      `[${name}-7d9f-a] GET / 200`,
      `[${name}-7d9f-a] GET /wp-admin 302`,
      `[${name}-7d9f-b] (journal du pod ${name}-7d9f-b indisponible : le nœud noeud-2 qui l’exécute ne répond pas (HTTP 500) ; les journaux des autres pods restent lisibles)`,
    ]);
  });

  it('still says the runtime does not answer when the API server itself is overloaded (503)', async () => {
    api.intercept = (req) =>
      req.path.endsWith('/log')
        ? { status: 503, body: statusBody(503, 'ServiceUnavailable', 'too many requests') }
        : undefined;
    const res = await logs();
    expect(res.statusCode).toBe(503);
    api.intercept = undefined;
  });

  it('names the platform and its version to the API server (User-Agent)', () => {
    expect([...api.counter.userAgents.keys()]).toEqual([`nuagedeploy/${PLATFORM_VERSION}`]);
    expect(PLATFORM_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });
});
