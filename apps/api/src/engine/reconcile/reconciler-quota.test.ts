import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/factories';
import { createEngineTestApp } from '../../../test/helpers/engine-test-app';
import { FakeRuntime } from '../../../test/helpers/fake-runtime';
import { deployApp, teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import { createEnvironment } from '../../../test/helpers/project-factories';
import type { ProjectQuotaSpec } from '../driver';
import type { TestApp } from '../../../test/helpers/test-app';
import type { EnvironmentSpec } from '../spec';

/** A runtime with one quota per environment (Kubernetes): records each split it is asked for. */
class SplittingRuntime extends FakeRuntime {
  readonly splits: ProjectQuotaSpec[] = [];
  async distributeQuota(project: ProjectQuotaSpec) {
    this.splits.push(structuredClone(project));
  }
}

/** Remembers the quota each environment was last ensured with (the namespace's ResourceQuota). */
class QuotaRecordingRuntime extends FakeRuntime {
  readonly quotas = new Map<string, EnvironmentSpec['quota']>();
  override async ensureEnvironment(env: EnvironmentSpec) {
    await super.ensureEnvironment(env);
    this.quotas.set(env.namespace, env.quota);
  }
}

describe('project quota changes reach the runtime', () => {
  const runtime = new QuotaRecordingRuntime();
  let t: TestApp;
  beforeAll(async () => {
    t = await createEngineTestApp(runtime);
  });
  afterAll(() => t.close());

  it('re-applies every environment of the project with the new quota', async () => {
    const { team, project, env } = await teamWithEnvironment(t, {
      quota_cpu: 2,
      quota_ram: 4,
      quota_stockage: 50,
    });
    await t.app.engine.reconciler.runUntilIdle();
    expect(runtime.quotas.get(env.namespace_k8s_id)).toEqual({
      cpuMilli: 2000,
      ramMb: 4000,
      storageMb: 50000,
    });

    const res = await call(t, 'PUT', `/api/v1/projects/${project.id}`, {
      token: team.admin.token,
      body: { nom: project.nom, quota_cpu: 3.5, quota_ram: 6, quota_stockage: 80 },
    });
    expect(res.statusCode).toBe(200);
    await t.app.engine.reconciler.runUntilIdle();

    expect(runtime.quotas.get(env.namespace_k8s_id)).toEqual({
      cpuMilli: 3500,
      ramMb: 6000,
      storageMb: 80000,
    });
    const status = await call(t, 'GET', `/api/v1/environments/${env.id}/status`, {
      token: team.admin.token,
    });
    expect(status.json()).toMatchObject({ status: 'active', gitlab_config: { created: true } });
  });

  it('leaves environments alone when only the name changes', async () => {
    const { team, project, env } = await teamWithEnvironment(t);
    await t.app.engine.reconciler.runUntilIdle();
    const ensuredBefore = runtime.calls.filter((c) => c.includes(env.namespace_k8s_id)).length;
    await call(t, 'PUT', `/api/v1/projects/${project.id}`, {
      token: team.admin.token,
      body: {
        nom: 'Nouveau nom',
        quota_cpu: project.quota_cpu,
        quota_ram: project.quota_ram,
        quota_stockage: project.quota_stockage,
      },
    });
    await t.app.engine.reconciler.runUntilIdle();
    expect(runtime.calls.filter((c) => c.includes(env.namespace_k8s_id)).length).toBe(
      ensuredBefore,
    );
  });
});

describe('the project quota split between environments (runtimes with one quota per environment)', () => {
  const runtime = new SplittingRuntime();
  let t: TestApp;
  beforeAll(async () => {
    t = await createEngineTestApp(runtime);
  });
  afterAll(() => t.close());

  const reservedBy = (namespace: string) =>
    runtime.splits.at(-1)!.environments.find((e) => e.environment.namespace === namespace)!
      .reserved;

  it('is asked again when applications are deployed and removed, with what each environment reserves', async () => {
    const { team, project, env } = await teamWithEnvironment(t, {
      quota_cpu: 4,
      quota_ram: 8,
      quota_stockage: 100,
    });
    const staging = await createEnvironment(t, team.admin.token, project.id, {
      nom: 'Recette',
      type: 'staging',
    });
    await t.app.engine.reconciler.runUntilIdle();
    expect(runtime.splits.at(-1)).toMatchObject({
      projectId: project.id,
      quota: { cpuMilli: 4000, ramMb: 8000, storageMb: 100_000 },
    });
    expect(runtime.splits.at(-1)!.environments).toHaveLength(2);

    const app = await deployApp(t, team.admin.token, env.id, { replicas: 2 });
    await t.app.engine.reconciler.runUntilIdle();
    expect(reservedBy(env.namespace_k8s_id)).toEqual({
      cpuMilli: 1000,
      ramMb: 2000,
      storageMb: 2000,
    });
    expect(reservedBy(staging.namespace_k8s_id)).toEqual({ cpuMilli: 0, ramMb: 0, storageMb: 0 });

    const asked = runtime.splits.length;
    const del = await call(t, 'DELETE', `/api/v1/deployments/deployment/${app.id}`, {
      token: team.admin.token,
    });
    expect(del.statusCode).toBeLessThan(300);
    await t.app.engine.reconciler.runUntilIdle();
    expect(runtime.splits.length).toBeGreaterThan(asked);
    expect(reservedBy(env.namespace_k8s_id)).toEqual({ cpuMilli: 0, ramMb: 0, storageMb: 0 });
  });
});
