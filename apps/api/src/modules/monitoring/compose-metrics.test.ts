import type { ApplicationMetrics as Measured } from '../../engine/driver';
import type { ApplicationMetrics } from '@nuage/shared/schemas/responses/monitoring';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  deploymentRow,
  reconcileToStatus,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import { API, type Team } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

/**
 * A Compose application's live metrics (issue 30 item 2): each container (docker) or pod
 * (Kubernetes) the runtime measured is labelled with the Compose service it runs, whatever the
 * runtime named it. The runtime's answer is given here; the real engine's is read in
 * e2e/compose-backups.test.ts.
 */
let t: TestApp;
let team: Team;
let envId: string;

beforeAll(async () => {
  t = await createTestApp();
  const created = await teamWithEnvironment(t);
  team = created.team;
  envId = created.env.id;
});
afterAll(() => t.close());

const FILE = `
services:
  web:
    image: nginx:1.27
  db:
    image: postgres:16
    volumes:
      - pgdata:/var/lib/postgresql/data
  db-replica:
    image: postgres:16
volumes:
  pgdata: {}
`;

describe('live metrics of a Compose application', () => {
  it('labels each container or pod with its service', async () => {
    const res = await call(t, 'POST', `${API}/deployments/${envId}/deploy/compose`, {
      token: team.developer.token,
      body: { nom: 'pile-mesuree', fichier_compose: FILE, service_expose: 'web', port: 80 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: string }>().id;
    await reconcileToStatus(t, id, 'RUNNING');
    const name = (await deploymentRow(t, id))!.runtimeName;
    const pod = (pod: string, cpuMilli: number, ramMb: number) => ({ name: pod, cpuMilli, ramMb });
    const measured: Measured = {
      cpuMilli: 0,
      ramMb: 0,
      pods: [
        // Kubernetes: the exposed service's Deployment, a StatefulSet's pod, a Deployment's.
        pod(`${name}-7d9f4c-x2x7k`, 20, 30),
        pod(`${name}-db-0`, 120, 210),
        pod(`${name}-db-replica-5c8b7-abcde`, 40, 90),
        // Docker: the exposed service's second replica during a rollout.
        pod(`${name}-0-b`, 5, 12),
      ],
      source: 'kubernetes',
      collectedAt: new Date().toISOString(),
    };
    const spy = vi.spyOn(t.app.engine.driver, 'metrics').mockResolvedValue(measured);
    try {
      const metrics = await call(t, 'GET', `${API}/monitoring/applications/${id}/metrics`, {
        token: team.user.token,
      });
      expect(metrics.statusCode, metrics.body).toBe(200);
      expect(metrics.json<ApplicationMetrics>().pods.map((p) => [p.service, p.cpu, p.ram])).toEqual(
        [
          ['web', 0.02, 0.03],
          ['db', 0.12, 0.21],
          ['db-replica', 0.04, 0.09],
          ['web', 0.005, 0.012],
        ],
      );
    } finally {
      spy.mockRestore();
    }
  });
});
