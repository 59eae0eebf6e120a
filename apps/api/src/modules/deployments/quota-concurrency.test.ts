import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployments } from '../../db/schema/deployments';
import { projectUsage } from '../projects/usage';
import {
  erpBody,
  postDeploy,
  sleep,
  teamWithEnvironment,
  type QuotaErrorView,
} from '../../../test/helpers/deploy-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('concurrent deploys into one project', () => {
  it('20 deploys at once where the quota fits exactly 7: 7 accepted, 13 refused, usage never above quota', async () => {
    // 3.5 cores fit exactly seven applications of 0.5 core; RAM and storage leave room.
    const { team, project, env } = await teamWithEnvironment(t, {
      quota_cpu: 3.5,
      quota_ram: 100,
      quota_stockage: 1000,
    });
    const quotaMilli = 3500;

    let sampling = true;
    let highest = 0;
    const sampler = (async () => {
      while (sampling) {
        highest = Math.max(highest, (await projectUsage(t.database.db, project.id)).cpuMilli);
        await sleep(5);
      }
    })();

    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postDeploy(
          t,
          i % 2 ? team.developer.token : team.admin.token,
          env.id,
          erpBody({ nom: `Concurrente ${i}`, cpu: 0.5, ram: 1, storage: 2 }),
        ),
      ),
    );
    sampling = false;
    await sampler;

    const accepted = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode !== 201);
    expect(accepted).toHaveLength(7);
    expect(refused).toHaveLength(13);
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(400);
      const detail = res.json<{ detail: QuotaErrorView }>().detail;
      expect(detail.message).toBe('Ressources du projet insuffisantes pour cette application.');
      expect(detail.quota_exceeded).toEqual([
        'CPU : 0,5 core(s) demandé(s), 0 core(s) disponible(s) sur 3,5',
      ]);
      expect(detail.quota_details).toMatchObject({
        quota_cpu: 3.5,
        used_cpu: 3.5,
        requested_cpu: 0.5,
      });
      expect(detail.recommendations).toContainEqual({
        type: 'increase_project_quota',
        resource: 'CPU',
        current_quota: 3.5,
        needed_increase: 0.5,
        suggested_quota: 4,
      });
    }

    const rows = await t.database.db
      .select()
      .from(deployments)
      .where(eq(deployments.projectId, project.id));
    expect(rows).toHaveLength(7);
    expect(rows.every((r) => r.status === 'PENDING')).toBe(true);
    expect((await projectUsage(t.database.db, project.id)).cpuMilli).toBe(quotaMilli);
    expect(highest).toBeLessThanOrEqual(quotaMilli);
  });
});
