import type { Environment, Project } from '@nuage/shared/api-types';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { environments } from '../../db/schema/environments';
import {
  deployApp,
  deploymentRow,
  getDetail,
  putDeployment,
  reconcileUntil,
  sleep,
} from '../../../test/helpers/deploy-factories';
import { createEngineTestApp } from '../../../test/helpers/engine-test-app';
import { call } from '../../../test/helpers/factories';
import {
  API,
  createEnvironment,
  createTeamProject,
  createTeamUsers,
  settleEngine,
  type Team,
} from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';
import { startFakeCluster } from '../../../test/kubernetes/fake-cluster';
import { runControllers } from '../../../test/kubernetes/fake-controllers';
import type { FakeKubeApi } from '../../../test/kubernetes/fake-kube-api';
import type { Json } from '../../../test/kubernetes/fake-paths';
import { cpuMilli, ramMb } from '../drivers/kubernetes/quantities';

/**
 * A project's quota split between its environments' namespaces, through the whole engine on
 * a cluster that behaves as a real one: RoleBindings that take effect only once created,
 * namespaces that finalise later (issue 23, defects 5 and 6). At every write the
 * ResourceQuotas of the project's namespaces add up to no more than the project's quota.
 */
const QUOTA = { quota_cpu: 4, quota_ram: 8, quota_stockage: 50 };
const LIMIT = { cpuMilli: 4000, ramMb: 8000, storageMb: 50_000 };

let t: TestApp;
let api: FakeKubeApi;
let stop: () => void;
let team: Team;
let project: Project;
/** Every instant the quotas' sum went past the project's. */
let overruns: string[];

const quotaSum = () => {
  const sum = { cpuMilli: 0, ramMb: 0, storageMb: 0 };
  for (const [path, q] of api.objects) {
    if (!path.includes('/resourcequotas/')) continue;
    const hard = (q.spec as { hard: Record<string, string> }).hard;
    sum.cpuMilli += cpuMilli(hard['limits.cpu']);
    sum.ramMb += ramMb(hard['limits.memory']);
    sum.storageMb += ramMb(hard['requests.storage']);
  }
  return sum;
};

beforeEach(async () => {
  const cluster = await startFakeCluster({ rollout: { pollMs: 20, waitMs: 10_000 } });
  api = cluster.api;
  stop = runControllers(api, { podStartMs: 20 });
  overruns = [];
  api.onChange = (event) => {
    if (!event.path.includes('/resourcequotas/') || event.type === 'DELETED') return;
    const sum = quotaSum();
    if (sum.cpuMilli > LIMIT.cpuMilli || sum.ramMb > LIMIT.ramMb || sum.storageMb > LIMIT.storageMb)
      overruns.push(`${event.type} ${event.path}: ${JSON.stringify(sum)}`);
  };
  t = await createEngineTestApp(cluster.driver, { passWaitMs: 300 });
  team = await createTeamUsers(t);
  ({ project } = await createTeamProject(t, team, QUOTA));
}, 60_000);
afterEach(async () => {
  stop();
  await t.close();
  await api.close();
});

const envRow = async (id: string) =>
  (await t.database.db.select().from(environments).where(eq(environments.id, id)))[0];

describe('scaling on Kubernetes through the API', () => {
  it('WordPress 1 → 3 replicas filling the project’s quota: 200, then 3 ready replicas on the cluster', async () => {
    // 0.5 CPU / 1 GB per replica, three of them: the whole of a 1.5 CPU / 3 GB project.
    const { project: small } = await createTeamProject(t, team, {
      quota_cpu: 1.5,
      quota_ram: 3,
      quota_stockage: 20,
    });
    const env = await createEnvironment(t, team.admin.token, small.id);
    const app = await deployApp(t, team.developer.token, env.id, { storage: 20 });
    const row = () => deploymentRow(t, app.id);
    // Running, its setup task (wp-cli) done.
    await reconcileUntil(
      t,
      async () =>
        (await row())?.status === 'RUNNING' &&
        [...api.objects.entries()].some(
          ([path, job]) =>
            path.includes(`/namespaces/${env.namespace_k8s_id}/jobs/`) &&
            (job.status as { succeeded?: number } | undefined)?.succeeded === 1,
        ),
      { timeoutMs: 30_000 },
    );
    const res = await putDeployment(t, team.developer.token, app.id, { replicas: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const runtimeName = (await deploymentRow(t, app.id))!.runtimeName;
    const readyOnCluster = () =>
      [...api.objects.entries()].filter(
        ([path, pod]) =>
          path.startsWith(`/api/v1/namespaces/${env.namespace_k8s_id}/pods/${runtimeName}-`) &&
          (pod.metadata as { labels: Record<string, string> }).labels[
            'app.kubernetes.io/component'
          ] === 'app' &&
          !(pod.metadata as { deletionTimestamp?: string }).deletionTimestamp &&
          (
            (pod.status as { conditions?: { type: string; status: string }[] }).conditions ?? []
          ).some((c) => c.type === 'Ready' && c.status === 'True'),
      ).length;
    await reconcileUntil(
      t,
      async () => readyOnCluster() === 3 && (await deploymentRow(t, app.id))?.status === 'RUNNING',
      { timeoutMs: 30_000 },
    );
    const detail = await getDetail(t, team.developer.token, app.id);
    expect(detail).toMatchObject({ replicas: 3, statut_deploiement: 'RUNNING' });
    expect((await deploymentRow(t, app.id))!.rolloutError).toBeNull();
  }, 90_000);
});

describe('environment deletion on Kubernetes', () => {
  it('the other namespaces get its share only once its quota is released: the sum never exceeds the project’s', async () => {
    // Namespaces take a while to finalise, as on a real cluster.
    api.namespaceFinalizeMs = 1500;
    const envs: Environment[] = [];
    for (const nom of ['Dev', 'Recette', 'Production']) {
      const env = await createEnvironment(t, team.admin.token, project.id, {
        nom,
        type: nom === 'Production' ? 'prod' : nom === 'Dev' ? 'dev' : 'staging',
      });
      envs.push(env);
      await deployApp(t, team.developer.token, env.id);
    }
    await reconcileUntil(
      t,
      async () => {
        for (const env of envs) if ((await envRow(env.id))?.status !== 'active') return false;
        return api.has(
          `/api/v1/namespaces/${envs[2]!.namespace_k8s_id}/resourcequotas/nuagedeploy-quota`,
        );
      },
      { timeoutMs: 30_000 },
    );
    // Shared out (an equal part each of what is not reserved, rounded down).
    expect(quotaSum().cpuMilli).toBeGreaterThan(LIMIT.cpuMilli - 3);

    const doomed = envs[0]!;
    const res = await call(t, 'DELETE', `${API}/environments/${doomed.id}`, {
      token: team.admin.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    await settleEngine(t, 30_000);

    expect(overruns).toEqual([]);
    expect(await envRow(doomed.id)).toBeUndefined();
    expect(api.has(`/api/v1/namespaces/${doomed.namespace_k8s_id}`)).toBe(false);
    // What it held went to the two left, once it was gone.
    await reconcileUntil(t, async () => quotaSum().cpuMilli > LIMIT.cpuMilli - 2, {
      timeoutMs: 10_000,
    });
    expect(overruns).toEqual([]);
  }, 90_000);
});

describe('environments created together on Kubernetes', () => {
  it('two environments 30 ms apart: neither fails, no English, each gets its quota', async () => {
    const statuses: { status: string; message: string | null }[] = [];
    const a = await createEnvironment(t, team.admin.token, project.id, {
      nom: 'Recette',
      type: 'staging',
    });
    await sleep(30);
    const b = await createEnvironment(t, team.admin.token, project.id, {
      nom: 'Production',
      type: 'prod',
    });
    await reconcileUntil(
      t,
      async () => {
        const rows = [await envRow(a.id), await envRow(b.id)];
        for (const row of rows) statuses.push({ status: row!.status, message: row!.statusMessage });
        return rows.every((row) => row!.status === 'active');
      },
      { timeoutMs: 20_000 },
    );
    expect(statuses.filter((s) => s.status === 'failed')).toEqual([]);
    for (const s of statuses) expect(s.message ?? '').not.toMatch(/forbidden|cannot get|User "/);
    // Both namespaces have their share, within the project's quota.
    for (const env of [a, b]) {
      const quota = api.objects.get(
        `/api/v1/namespaces/${env.namespace_k8s_id}/resourcequotas/nuagedeploy-quota`,
      ) as Json | undefined;
      expect(quota, env.namespace_k8s_id).toBeDefined();
    }
    expect(quotaSum()).toEqual(LIMIT);
    expect(overruns).toEqual([]);
  }, 60_000);
});

describe('many environments created at once on Kubernetes', () => {
  it('six environments in one burst: every one becomes active with its share, none fails', async () => {
    const types = ['dev', 'staging', 'preproduction', 'prod', 'dev', 'staging'] as const;
    const created = await Promise.all(
      types.map((type, i) =>
        createEnvironment(t, team.admin.token, project.id, { nom: `Lot ${i + 1}`, type }),
      ),
    );
    const failed = new Set<string>();
    await reconcileUntil(
      t,
      async () => {
        const rows = await Promise.all(created.map((env) => envRow(env.id)));
        for (const row of rows)
          if (row!.status === 'failed') failed.add(`${row!.nom}: ${row!.statusMessage}`);
        return rows.every((row) => row!.status === 'active');
      },
      { timeoutMs: 40_000 },
    );
    expect([...failed]).toEqual([]);
    for (const env of created)
      expect(
        api.objects.get(
          `/api/v1/namespaces/${env.namespace_k8s_id}/resourcequotas/nuagedeploy-quota`,
        ),
        env.namespace_k8s_id,
      ).toBeDefined();
    // Six shares of 4 CPU round down to whole millicores: within the quota, a few short of it.
    const sum = quotaSum();
    for (const key of ['cpuMilli', 'ramMb', 'storageMb'] as const) {
      expect(sum[key]).toBeLessThanOrEqual(LIMIT[key]);
      expect(sum[key]).toBeGreaterThan(LIMIT[key] - created.length);
    }
    expect(overruns).toEqual([]);
  }, 90_000);
});
